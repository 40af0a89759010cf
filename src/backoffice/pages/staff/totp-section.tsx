/**
 * "My account", the authenticator app (owners and managers): switch it on — the secret as text and as a
 * QR code, confirmed with a first code, then the recovery codes shown once — and replace or switch it
 * off with a current code or a recovery code.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '#domain/backoffice/staff.schema.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { totpProof, useBeginTotp, useConfirmTotp, useDisableTotp } from '../../api/account.ts';
import { errorText } from '../../../lib/error-message.ts';
import { StackedField } from '../../../components/field-parts.tsx';
import type { NoticeValue } from '../../ui/notice.tsx';

/** One field and its button: a 6-digit code, or (`acceptsRecovery`) a recovery code instead. */
function CodeForm(props: { label: string; hint?: string; submit: string; onSubmit: (typed: string) => void; pending: boolean; acceptsRecovery?: boolean }) {
  const [code, setCode] = useState('');
  function send(event: FormEvent) {
    event.preventDefault();
    props.onSubmit(code);
  }
  return (
    <form className="bo-form" onSubmit={send} aria-label={props.submit}>
      <StackedField label={props.label} {...(props.hint ? { hint: props.hint } : {})}>
        {(aria) =>
          props.acceptsRecovery ? (
            <input {...aria} autoComplete="one-time-code" maxLength={40} required value={code} onChange={(event) => setCode(event.target.value)} />
          ) : (
            <input
              {...aria}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              required
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            />
          )
        }
      </StackedField>
      <button type="submit" className="bo-button bo-button--primary" disabled={props.pending}>
        {props.submit}
      </button>
    </form>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('backoffice-staff');
  return (
    <section aria-labelledby="recovery-codes">
      <h3 id="recovery-codes">{t('account.recoveryHeading')}</h3>
      <p>{t('account.recoveryIntro')}</p>
      <ul className="bo-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="bo-button" onClick={onDone}>
        {t('account.recoveryDone')}
      </button>
    </section>
  );
}

export function TotpSection({ onNotice }: { onNotice: (notice: NoticeValue) => void }) {
  const { t } = useTranslation(['backoffice-staff', 'backoffice']);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const fail = (error: unknown) => onNotice({ kind: 'error', text: errorText(t, error) });
  const begin = useBeginTotp({ onSuccess: setEnrolment, onError: fail });
  // An authenticator already on is replaced only with a proof: the field appears when the server asks for it.
  const needsProof = isApiError(begin.error) && ['STAFF_TOTP_REQUIRED', 'STAFF_TOTP_INVALID'].includes(begin.error.code ?? '');
  const confirm = useConfirmTotp({
    onSuccess: (answer) => {
      setEnrolment(null);
      setRecoveryCodes(answer.recovery_codes);
      onNotice({ kind: 'ok', text: t('account.totpOn') });
    },
    onError: fail,
  });
  const disable = useDisableTotp({ onSuccess: () => onNotice({ kind: 'ok', text: t('account.totpOff') }), onError: fail });

  return (
    <>
      <section aria-labelledby="totp-on">
        <h2 id="totp-on">{t('account.totpHeading')}</h2>
        <p>{t('account.totpIntro')}</p>
        {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} /> : null}
        {enrolment ? (
          <>
            <img
              className="bo-qr"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
              alt={t('account.qrAlt')}
              width={200}
              height={200}
            />
            <p>
              {t('account.secret')} <code className="bo-secret">{enrolment.secret}</code>
            </p>
            <CodeForm label={t('account.code')} submit={t('account.confirm')} onSubmit={(code) => confirm.mutate(code)} pending={confirm.isPending} />
          </>
        ) : needsProof ? (
          <CodeForm
            label={t('account.proof')}
            hint={t('account.proofHint')}
            submit={t('account.begin')}
            onSubmit={(typed) => begin.mutate(totpProof(typed))}
            pending={begin.isPending}
            acceptsRecovery
          />
        ) : (
          <button type="button" className="bo-button bo-button--primary" onClick={() => begin.mutate({})} disabled={begin.isPending}>
            {t('account.begin')}
          </button>
        )}
      </section>
      <section aria-labelledby="totp-off">
        <h2 id="totp-off">{t('account.disableHeading')}</h2>
        <CodeForm
          label={t('account.proof')}
          hint={t('account.proofHint')}
          submit={t('account.disable')}
          onSubmit={(typed) => disable.mutate(totpProof(typed))}
          pending={disable.isPending}
          acceptsRecovery
        />
      </section>
    </>
  );
}

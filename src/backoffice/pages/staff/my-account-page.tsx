/**
 * "My account" (owners and managers): switch on the authenticator-app second factor — the secret as text
 * and as a QR code, confirmed with a first code — and switch it off again with a current code.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '#domain/backoffice/staff.schema.ts';
import { useBeginTotp, useConfirmTotp, useDisableTotp } from '../../api/account.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import { Notice, type NoticeValue } from '../../ui/notice.tsx';

function CodeForm({ label, submit, onSubmit, pending }: { label: string; submit: string; onSubmit: (code: string) => void; pending: boolean }) {
  const [code, setCode] = useState('');
  function send(event: FormEvent) {
    event.preventDefault();
    onSubmit(code);
  }
  return (
    <form className="bo-form" onSubmit={send} aria-label={submit}>
      <StackedField label={label}>
        {(aria) => (
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
        )}
      </StackedField>
      <button type="submit" className="bo-button bo-button--primary" disabled={pending}>
        {submit}
      </button>
    </form>
  );
}

export default function MyAccountPage() {
  const { t } = useTranslation(['backoffice-staff', 'backoffice']);
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const fail = (error: unknown) => setNotice({ kind: 'error', text: errorText(t, error) });
  const begin = useBeginTotp({ onSuccess: setEnrolment, onError: fail });
  const confirm = useConfirmTotp({
    onSuccess: () => {
      setEnrolment(null);
      setNotice({ kind: 'ok', text: t('account.totpOn') });
    },
    onError: fail,
  });
  const disable = useDisableTotp({
    onSuccess: () => setNotice({ kind: 'ok', text: t('account.totpOff') }),
    onError: fail,
  });

  return (
    <>
      <PageHeading title={t('account.heading')}>{t('account.heading')}</PageHeading>
      <Notice notice={notice} />
      <section aria-labelledby="totp-on">
        <h2 id="totp-on">{t('account.totpHeading')}</h2>
        <p>{t('account.totpIntro')}</p>
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
        ) : (
          <button type="button" className="bo-button bo-button--primary" onClick={() => begin.mutate()} disabled={begin.isPending}>
            {t('account.begin')}
          </button>
        )}
      </section>
      <section aria-labelledby="totp-off">
        <h2 id="totp-off">{t('account.disableHeading')}</h2>
        <CodeForm label={t('account.code')} submit={t('account.disable')} onSubmit={(code) => disable.mutate(code)} pending={disable.isPending} />
      </section>
    </>
  );
}

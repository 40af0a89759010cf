/**
 * /voucher-check (spec sections 2 and 8): enter a code; a modal shows its code, credit and expiry.
 * An unknown code shows "Voucher not found" (errors.voucher_not_found); past the guessing limit the
 * captcha opens where security is on (the shared retry), else the refusal is shown.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { ApiErrorText } from '../../components/api-error-text.tsx';
import { CaptchaModal } from '../../components/captcha/captcha-modal.tsx';
import { useCaptchaRetry } from '../../components/captcha/use-captcha-retry.ts';
import { TextField } from '../../components/text-field.tsx';
import type { VoucherCheck } from '#domain/contracts/vouchers.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useCheckVoucher, type CheckVoucherInput } from './api/check-voucher.ts';
import { VoucherCheckResult } from './components/voucher-check-result.tsx';

export function Component() {
  const { t } = useTranslation(['voucher', 'errors']);
  useDocumentTitle(t('check.title'));
  const [code, setCode] = useState('');
  const [result, setResult] = useState<VoucherCheck | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const check = useCheckVoucher();

  const captcha = useCaptchaRetry(run);
  function run(input: CheckVoucherInput) {
    setFailure(null);
    check.mutate(input, {
      onSuccess: setResult,
      onError: (error) => {
        if (!captcha.challenge(error, input)) setFailure({ error });
      },
    });
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== '') run({ code });
  };

  return (
    <div className="page voucher-check">
      <h1 className="page__title">{t('check.title')}</h1>
      <p>{t('check.intro')}</p>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField label={t('check.code')} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" spellCheck={false} required />
        {failure ? (
          <Alert tone="danger">
            <ApiErrorText error={failure.error} />
          </Alert>
        ) : null}
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={check.isPending || code.trim() === ''}>
            {t('check.submit')}
          </button>
        </div>
      </form>
      <VoucherCheckResult result={result} onClose={() => setResult(null)} />
      <CaptchaModal {...captcha.modal} />
    </div>
  );
}

/**
 * Submitting the voucher order (spec section 4, Voucher order submit): loading on; on ok the
 * payment goes to the shared payment dispatcher and the step advances; a failure opens the
 * order-failed modal, or first the captcha (the shared retry).
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCaptchaRetry } from '../../components/captcha/use-captcha-retry.ts';
import { newIdempotencyKey } from '../../lib/submission-retry.ts';
import { dispatchPayment } from '../../payments/dispatcher.ts';
import { useSubmitVoucher, type SubmitVoucherInput } from './api/submit-voucher.ts';
import { useVoucherOrderStore } from './store.ts';

export function usePlaceVoucher() {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const submit = useSubmitVoucher();
  const stepChanged = useVoucherOrderStore((state) => state.stepChanged);
  const submitFailed = useVoucherOrderStore((state) => state.submitFailed);

  const captcha = useCaptchaRetry(place);
  function place(input: Omit<SubmitVoucherInput, 'language' | 'idempotencyKey'>) {
    submit.mutate(
      { ...input, language: i18n.language, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: ({ payment }) => {
          if (!payment) {
            submitFailed(null);
            return;
          }
          stepChanged('checkout');
          const dispatched = dispatchPayment(payment, { navigate: (path) => navigate(path), fail: (error) => submitFailed(error ?? null) });
          if (!dispatched.ok) submitFailed(null);
        },
        onError: (error) => {
          if (!captcha.challenge(error, input)) submitFailed(error);
        },
      },
    );
  }
  return { place, isPending: submit.isPending, captcha: captcha.modal };
}

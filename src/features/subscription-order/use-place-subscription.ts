/**
 * Submitting the subscription order: the answer's payment goes to the shared payment dispatcher;
 * a failure shows the failure, or first the captcha (SECURITY_ codes with security enabled, the
 * shared captcha retry). An ordered renewal is over.
 */
import { useNavigate } from 'react-router-dom';
import { useCaptchaRetry } from '../../components/captcha/use-captcha-retry.ts';
import { newIdempotencyKey } from '../../lib/submission-retry.ts';
import { useRenewalStore } from '../../lib/renewal-store.ts';
import { dispatchPayment } from '../../payments/dispatcher.ts';
import { useSubmitSubscription, type SubmitSubscriptionInput } from './api/submit-subscription.ts';
import { useSubscriptionOrderStore } from './store.ts';

export function usePlaceSubscription() {
  const navigate = useNavigate();
  const submit = useSubmitSubscription();
  const paymentStarted = useSubscriptionOrderStore((state) => state.paymentStarted);
  const submitFailed = useSubscriptionOrderStore((state) => state.submitFailed);
  const renewalOrdered = useRenewalStore((state) => state.renewalOrdered);

  const captcha = useCaptchaRetry(place);
  function place(input: Omit<SubmitSubscriptionInput, 'idempotencyKey'>) {
    submit.mutate(
      { ...input, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: (response) => {
          if (!response.payment) return submitFailed(null);
          paymentStarted();
          const dispatched = dispatchPayment(response.payment, { navigate: (path) => navigate(path), fail: (error) => submitFailed(error ?? null) });
          if (dispatched.ok) renewalOrdered();
          else submitFailed(null);
        },
        onError: (error) => {
          if (!captcha.challenge(error, input)) submitFailed(error);
        },
      },
    );
  }
  return { place, isPending: submit.isPending, captcha: captcha.modal };
}

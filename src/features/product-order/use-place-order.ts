/**
 * Submitting the cart (spec section 4, Order status): RESERVED goes to the reservation page,
 * anything else to the payment dispatcher; a failure opens the order-failed modal, or first the
 * captcha (SECURITY_ codes with security enabled; `captcha` is the modal to render). After a
 * successful submit the cart is emptied.
 */
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { OrderResult } from '#domain/contracts/orders.ts';
import { useCaptchaRetry } from '../../components/captcha/use-captcha-retry.ts';
import { useOrganisation } from '../../lib/api/organisation.ts';
import { useCartStore } from '../../lib/cart-store.ts';
import { newIdempotencyKey } from '../../lib/submission-retry.ts';
import { dispatchPayment } from '../../payments/dispatcher.ts';
import { useSubmitOrder, type SubmitOrderInput } from './api/submit-order.ts';
import { useCheckoutStore } from './store.ts';

export const RESERVED = 'RESERVED';

/** `onPlaced`: what the cart does once the order is on its way (default: it is emptied). */
export function usePlaceOrder({ onPlaced }: { onPlaced?: () => void } = {}) {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const submit = useSubmitOrder();
  const { fields: fieldDefinitions } = useOrganisation();
  const cartEmptied = useCartStore((state) => state.orderSubmitted);
  const orderSubmitted = onPlaced ?? cartEmptied;
  const paymentStarted = useCheckoutStore((state) => state.paymentStarted);
  const submitFailed = useCheckoutStore((state) => state.submitFailed);

  const proceed = (orders: OrderResult[]) => {
    const reserved = orders.find((result) => result.order?.status === RESERVED)?.order;
    if (reserved) {
      orderSubmitted();
      navigate(`/reservation/${encodeURIComponent(reserved.hash)}`);
      return;
    }
    const payment = orders.find((result) => result.payment !== null)?.payment;
    if (!payment) {
      submitFailed(null);
      return;
    }
    paymentStarted();
    const dispatched = dispatchPayment(payment, { navigate: (path) => navigate(path), fail: (error) => submitFailed(error ?? null) });
    if (dispatched.ok) orderSubmitted();
    else submitFailed(null);
  };

  // The captcha resubmits through place(), whose failures may open the captcha: a function
  // declaration, so both can refer to each other. Every call is a new attempt (a click, or the
  // captcha's retry with its token): a new idempotency key.
  const captcha = useCaptchaRetry(place);
  function place(input: Omit<SubmitOrderInput, 'language' | 'idempotencyKey' | 'fieldDefinitions'>) {
    submit.mutate(
      { ...input, fieldDefinitions, language: i18n.language, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: proceed,
        // A SECURITY_ failure opens the captcha and is retried with its token (once); anything else fails.
        onError: (error) => {
          if (!captcha.challenge(error, input)) submitFailed(error);
        },
      },
    );
  }

  return { place, isPending: submit.isPending, captcha: captcha.modal };
}

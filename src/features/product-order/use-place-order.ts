/**
 * Submitting the cart (spec section 4, Order status): RESERVED goes to the reservation page,
 * anything else to the payment dispatcher; a failure opens the order-failed modal. After a
 * successful submit the cart is emptied.
 */
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { OrderResult } from '../../domain/contracts/orders.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useCartStore } from '../../lib/cart-store.ts';
import { dispatchPayment } from '../../payments/dispatcher.ts';
import { useSubmitOrder, type SubmitOrderInput } from './api/submit-order.ts';
import { useCheckoutStore } from './store.ts';

export const RESERVED = 'RESERVED';

/** Spec section 8: SECURITY_ codes open the captcha when security is enabled. */
export function isSecurityFailure(error: unknown): boolean {
  return isApiError(error) && (error.code ?? '').startsWith('SECURITY_');
}

export function usePlaceOrder() {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const submit = useSubmitOrder();
  const orderSubmitted = useCartStore((state) => state.orderSubmitted);
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

  // The captcha seam (next issue): with security enabled this opens the captcha modal and retries
  // with `captcha` set. Until then a SECURITY_ failure shows the order-failed modal like any other.
  const securityChallenged = (error: unknown) => submitFailed(error);

  const place = (input: Omit<SubmitOrderInput, 'language'>) =>
    submit.mutate(
      { ...input, language: i18n.language },
      {
        onSuccess: proceed,
        onError: (error) => (isSecurityFailure(error) ? securityChallenged(error) : submitFailed(error)),
      },
    );

  return { place, isPending: submit.isPending };
}

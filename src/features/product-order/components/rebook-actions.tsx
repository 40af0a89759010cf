/**
 * The cart summary's rebook variant (spec section 2): one button moving the booking. What it asks
 * is the server's simulated amount (the price above the old booking plus the rebooking additions);
 * the submission carries `rebook` and `rebook_secret` and runs through the normal payment.
 */
import { useTranslation } from 'react-i18next';
import { CaptchaModal } from '../../../components/captcha/captcha-modal.tsx';
import type { OrderLineRequest } from '../../../domain/contracts/orders.ts';
import { orderCustomer } from '../../../domain/order/order-customer.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { useCartStore } from '../../../lib/cart-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useCheckoutStore } from '../store.ts';
import { useCustomerDetails } from '../use-customer-details.ts';
import { usePlaceOrder } from '../use-place-order.ts';

export function RebookActions({ lines, amount }: { lines: OrderLineRequest[]; amount: number | null }) {
  const { t, i18n } = useTranslation('rebook');
  const { currency } = useOrganisation();
  const details = useCustomerDetails();
  const payBlockedByForm = useCheckoutStore((state) => state.payBlockedByForm);
  // The cart's other items stay; only the rebooking leaves it.
  const rebookSent = useCartStore((state) => state.rebookSent);
  const { place, isPending, captcha } = usePlaceOrder({ onPlaced: rebookSent });

  const submit = () => {
    if (!details.ready) {
      payBlockedByForm();
      return;
    }
    place({ action: 'pay', customer: orderCustomer(details.values, details.companyTicked, details.allowBusiness, null), orders: lines, codes: [] });
  };
  return (
    <div className="cart-summary__actions stack">
      <button type="button" className="button button--primary button--block" disabled={isPending || lines.length === 0 || amount === null} onClick={submit}>
        {amount !== null && amount > 0 ? t('pay', { amount: formatMoney(amount, currency, i18n.language) }) : t('confirm')}
      </button>
      <CaptchaModal {...captcha} />
    </div>
  );
}

/**
 * The cart summary's button for a booking being moved (spec sections 2 and 4): one mode, two
 * targets. A rebooking is submitted as an order carrying `rebook` and `rebook_secret` through the
 * normal payment, asking the server's simulated amount (the price above the old booking plus the
 * rebooking additions). A reservation change is sent to the reservation's change, which gives the
 * old places back and takes the new ones in one transaction; then the reservation page, reloaded.
 * A refusal opens the order-failed modal either way.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CaptchaModal } from '../../../components/captcha/captcha-modal.tsx';
import type { OrderLineRequest } from '#domain/contracts/orders.ts';
import { orderCustomer } from '#domain/order/order-customer.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { useCartStore, type MovedBooking, type ProductOrderDraft } from '../../../lib/cart-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useChangeReservation } from '../api/change-reservation.ts';
import { reservationChangeOf } from '../order-lines.ts';
import { useCheckoutStore } from '../store.ts';
import { useCustomerDetails } from '../use-customer-details.ts';
import { usePlaceOrder } from '../use-place-order.ts';

export interface MoveActionsProps {
  order: ProductOrderDraft;
  move: MovedBooking;
  lines: OrderLineRequest[];
  /** A rebooking: what its payment asks; a change: the reservation's new total (null: not priced yet). */
  amount: number | null;
}

export function MoveActions({ order, move, lines, amount }: MoveActionsProps) {
  const { t, i18n } = useTranslation('rebook');
  const navigate = useNavigate();
  const { currency } = useOrganisation();
  const details = useCustomerDetails();
  const payBlockedByForm = useCheckoutStore((state) => state.payBlockedByForm);
  const submitFailed = useCheckoutStore((state) => state.submitFailed);
  // The cart's other items stay; only the moved booking leaves it.
  const moveSent = useCartStore((state) => state.moveSent);
  const { place, isPending, captcha } = usePlaceOrder({ onPlaced: moveSent });
  const change = useChangeReservation(move.hash);
  const changeRequest = reservationChangeOf(order);

  const submit = () => {
    if (move.kind === 'change') {
      if (!changeRequest) return;
      change.mutate(changeRequest, {
        onSuccess: () => {
          // The reservation page ends the move once it shows the change (clearing it here would send this page home first).
          navigate(`/reservation/${encodeURIComponent(move.hash)}`, { state: { changed: true } });
          moveSent();
        },
        onError: (error) => submitFailed(error),
      });
      return;
    }
    if (!details.ready) {
      payBlockedByForm();
      return;
    }
    place({ action: 'pay', customer: orderCustomer(details.values, details.companyTicked, details.allowBusiness, null), orders: lines, codes: [] });
  };
  const money = amount === null ? '' : formatMoney(amount, currency, i18n.language);
  const label = move.kind === 'change' ? t('change.confirm', { total: money }) : amount !== null && amount > 0 ? t('pay', { amount: money }) : t('confirm');
  const ready = move.kind === 'change' ? changeRequest !== null : lines.length > 0;
  return (
    <div className="cart-summary__actions stack">
      <button
        type="button"
        className="button button--primary button--block"
        disabled={isPending || change.isPending || !ready || amount === null}
        onClick={submit}
      >
        {label}
      </button>
      {move.kind === 'rebook' ? <CaptchaModal {...captcha} /> : null}
    </div>
  );
}

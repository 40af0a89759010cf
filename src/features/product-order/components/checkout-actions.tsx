/** Pay, reserve (every product allows it), add more (shopping cart on) and cancel (back to the last cart item). */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CaptchaModal } from '../../../components/captcha/captcha-modal.tsx';
import type { OrderLineRequest } from '#domain/contracts/orders.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { useCartStore } from '../../../lib/cart-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { orderCustomer } from '#domain/order/order-customer.ts';
import { useCheckoutStore } from '../store.ts';
import { useCustomerDetails } from '../use-customer-details.ts';
import { usePlaceOrder } from '../use-place-order.ts';

export interface CheckoutActionsProps {
  lines: OrderLineRequest[];
  allowReservations: boolean;
  total: number | null;
  hasEarlierItems: boolean;
}

export function CheckoutActions({ lines, allowReservations, total, hasEarlierItems }: CheckoutActionsProps) {
  const { t, i18n } = useTranslation('order');
  const navigate = useNavigate();
  const { shop, currency } = useOrganisation();
  const details = useCustomerDetails();
  const codes = useCartStore((state) => state.codes);
  const orderAddedToCart = useCartStore((state) => state.orderAddedToCart);
  const orderCancelled = useCartStore((state) => state.orderCancelled);
  const items = useCartStore((state) => state.items);
  const payBlockedByForm = useCheckoutStore((state) => state.payBlockedByForm);
  const { place, isPending, captcha } = usePlaceOrder();

  const submit = (action: 'pay' | 'reserve') => {
    if (!details.ready) {
      payBlockedByForm();
      return;
    }
    place({
      action,
      customer: orderCustomer(details.values, details.companyTicked, details.allowBusiness, details.client),
      orders: lines,
      codes: codes.map((applied) => applied.code),
    });
  };
  const cancel = () => {
    const last = items[items.length - 1];
    orderCancelled();
    if (last) navigate(`/product/${last.productId}/${last.slug}`);
  };

  return (
    <div className="cart-summary__actions stack">
      <button type="button" className="button button--primary button--block" disabled={isPending || lines.length === 0} onClick={() => submit('pay')}>
        {total !== null && total > 0 ? t('checkout.pay', { total: formatMoney(total, currency, i18n.language) }) : t('checkout.confirm')}
      </button>
      {allowReservations ? (
        <button type="button" className="button button--secondary button--block" disabled={isPending || lines.length === 0} onClick={() => submit('reserve')}>
          {t('checkout.reserve')}
        </button>
      ) : null}
      {allowReservations ? <p className="text-small text-muted">{t('checkout.reserveHint')}</p> : null}
      {shop.allowShoppingCart ? (
        <button
          type="button"
          className="button button--block"
          onClick={() => {
            orderAddedToCart();
            navigate('/');
          }}
        >
          {t('checkout.addMore')}
        </button>
      ) : null}
      {hasEarlierItems ? (
        <button type="button" className="button button--link" onClick={cancel}>
          {t('checkout.cancel')}
        </button>
      ) : null}
      <CaptchaModal {...captcha} />
    </div>
  );
}

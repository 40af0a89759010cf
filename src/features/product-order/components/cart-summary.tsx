/**
 * The cart summary beside the steps (spec section 2, Cart summary panel): the current order and
 * the earlier cart items with the server's prices, the totals (subtotal, discount, the named
 * booking fee, total) from the moment the order can be priced, the coupon link, and on the
 * customer step the applied codes and the pay / reserve / add more / cancel buttons.
 */
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Product } from '#domain/contracts/catalogue.ts';
import type { OrderLineRequest } from '#domain/contracts/orders.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import { discountModeOf, type AppliedCode } from '#domain/order/discount-mode.ts';
import { useCartStore, type MovedBooking, type ProductOrderDraft } from '../../../lib/cart-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { productQuery } from '../api/get-product.ts';
import { useChangeSimulation } from '../api/simulate-change.ts';
import { useOrderSimulation } from '../api/simulate-order.ts';
import { cartTotals } from '../cart-totals.ts';
import { isPriceable, orderLine, reservationChangeOf } from '../order-lines.ts';
import { RedemptionLine } from './redemption-line.tsx';
import { CartItemCard } from './cart-item-card.tsx';
import { CheckoutActions } from './checkout-actions.tsx';
import { CouponModal } from './coupon-modal.tsx';
import { PriceLines } from './price-lines.tsx';
import { MoveActions } from './move-actions.tsx';

export interface CartSummaryProps {
  product: Product;
  current: ProductOrderDraft;
  onCustomerStep: boolean;
  /**
   * A booking being moved: only this booking, no codes. A rebooking shows the rebooking additions
   * and what its payment asks; a reservation change the reservation's new prices, as the server
   * simulates the change.
   */
  move?: MovedBooking | null;
}

const NO_ITEMS: ProductOrderDraft[] = [];
const NO_CODES: AppliedCode[] = [];
const NO_LINES: OrderLineRequest[] = [];

export function CartSummary({ product, current, onCustomerStep, move = null }: CartSummaryProps) {
  const { t, i18n } = useTranslation('order');
  const navigate = useNavigate();
  const { shop, currency } = useOrganisation();
  const cartItems = useCartStore((state) => state.items);
  const cartCodes = useCartStore((state) => state.codes);
  // A move is of one booking: the cart's other items and codes wait for the next order.
  const items = move ? NO_ITEMS : cartItems;
  const codes = move ? NO_CODES : cartCodes;
  const rebooking = move?.kind === 'rebook';
  const changing = move?.kind === 'change';
  const codeRemoved = useCartStore((state) => state.codeRemoved);
  const itemEdited = useCartStore((state) => state.itemEdited);
  const itemDeleted = useCartStore((state) => state.itemDeleted);
  const currentEdited = useCartStore((state) => state.currentEdited);
  const orderCancelled = useCartStore((state) => state.orderCancelled);
  const [couponOpen, setCouponOpen] = useState(false);

  const withCurrent = isPriceable(current, product);
  const lines = useMemo(() => [...items, ...(withCurrent ? [current] : [])].map(orderLine), [items, current, withCurrent]);
  // A reservation change is priced by the reservation's own change simulation, anything else as an order.
  const orderSimulation = useOrderSimulation(
    changing ? NO_LINES : lines,
    codes.map((applied) => applied.code),
    i18n.language,
  );
  const changeSimulation = useChangeSimulation(move?.kind === 'change' ? move.hash : null, reservationChangeOf(current));
  const simulation = changing ? changeSimulation : orderSimulation;
  const orderResults = orderSimulation.data && orderSimulation.data.length === lines.length ? orderSimulation.data : undefined;
  const totals = changing ? changeSimulation.data : orderResults && cartTotals(orderResults);
  const currentPrices = changing ? changeSimulation.data : orderResults?.[items.length]?.prices;
  const productIds = [...items.map((item) => item.productId), current.productId];
  const products = useQueries({
    queries: [...new Set(productIds)].map((id) => productQuery(id, i18n.language)),
    combine: (answers) => answers.map((answer) => answer.data),
  });
  const allowReservations = products.every((answer) => answer?.allow_reservations === true);

  const edit = (index: number) => {
    const item = items[index];
    if (!item) return;
    itemEdited(index);
    navigate(`/product/${item.productId}/${item.slug}`);
  };

  // The current order is an item like the others (spec section 2): edited from its first step, or deleted after
  // the confirmation, the last cart item coming back (or home when none). A booking being moved has its own way back.
  const deleteCurrent = () => {
    const last = items[items.length - 1];
    orderCancelled();
    navigate(last ? `/product/${last.productId}/${last.slug}` : '/');
  };

  return (
    <aside className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 id="cart-summary-title" className="cart-summary__title">
        {t('summary.title')}
      </h2>
      <div className="cart-summary__items" aria-live="polite" aria-busy={simulation.isFetching}>
        {items.map((item, index) => (
          <CartItemCard
            key={`${item.productId}-${index}`}
            order={item}
            prices={orderResults?.[index]?.prices}
            onEdit={shop.allowShoppingCart ? () => edit(index) : undefined}
            onDelete={() => itemDeleted(index)}
          />
        ))}
        <CartItemCard
          order={current}
          prices={withCurrent ? currentPrices : undefined}
          onEdit={move || current.step === 'quantity' ? undefined : currentEdited}
          onDelete={move ? undefined : deleteCurrent}
        />
        <RedemptionLine order={current} />
        {simulation.isError ? <p className="text-small">{t('summary.pricesUnavailable')}</p> : null}
        {totals ? <PriceLines totals={totals} rebooking={rebooking} discountMode={discountModeOf(codes)} /> : null}
        {rebooking && orderResults?.[0]?.amount !== undefined ? (
          <p className="price-lines__total">{t('summary.rebookAmount', { amount: formatMoney(orderResults[0].amount, currency, i18n.language) })}</p>
        ) : null}
      </div>
      {onCustomerStep && codes.length > 0 ? (
        <ul className="cart-summary__codes" aria-label={t('summary.codes')}>
          {codes.map((applied) => (
            <li key={applied.code}>
              <span className="tag">{applied.code.toUpperCase()}</span>{' '}
              <button type="button" className="button button--link text-small" onClick={() => codeRemoved(applied.code)}>
                {t('summary.removeCode', { code: applied.code.toUpperCase() })}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {move ? null : (
        <>
          <button type="button" className="button button--link" aria-haspopup="dialog" onClick={() => setCouponOpen(true)}>
            {t('coupon.link')}
          </button>
          <CouponModal open={couponOpen} onClose={() => setCouponOpen(false)} productIds={productIds} />
        </>
      )}
      {onCustomerStep && move ? (
        <MoveActions order={current} move={move} lines={lines} amount={changing ? (totals?.total ?? null) : (orderResults?.[0]?.amount ?? null)} />
      ) : null}
      {onCustomerStep && !move ? (
        <CheckoutActions lines={lines} allowReservations={allowReservations} total={totals ? totals.total : null} hasEarlierItems={items.length > 0} />
      ) : null}
    </aside>
  );
}

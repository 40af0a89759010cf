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
import type { Product } from '../../../domain/contracts/catalogue.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import type { AppliedCode } from '../../../domain/order/discount-mode.ts';
import { useCartStore, type ProductOrderDraft } from '../../../lib/cart-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { productQuery } from '../api/get-product.ts';
import { useOrderSimulation } from '../api/simulate-order.ts';
import { cartTotals } from '../cart-totals.ts';
import { isPriceable, orderLine } from '../order-lines.ts';
import { RedemptionLine } from './redemption-line.tsx';
import { CartItemCard } from './cart-item-card.tsx';
import { CheckoutActions } from './checkout-actions.tsx';
import { CouponModal } from './coupon-modal.tsx';
import { PriceLines } from './price-lines.tsx';
import { RebookActions } from './rebook-actions.tsx';

export interface CartSummaryProps {
  product: Product;
  current: ProductOrderDraft;
  onCustomerStep: boolean;
  /** A rebooking: only this booking, no codes, the rebooking additions and what its payment asks. */
  rebooking?: boolean;
}

const NO_ITEMS: ProductOrderDraft[] = [];
const NO_CODES: AppliedCode[] = [];

export function CartSummary({ product, current, onCustomerStep, rebooking = false }: CartSummaryProps) {
  const { t, i18n } = useTranslation('order');
  const navigate = useNavigate();
  const { shop, currency } = useOrganisation();
  const cartItems = useCartStore((state) => state.items);
  const cartCodes = useCartStore((state) => state.codes);
  // A rebooking moves one booking: the cart's other items and codes wait for the next order.
  const items = rebooking ? NO_ITEMS : cartItems;
  const codes = rebooking ? NO_CODES : cartCodes;
  const codeRemoved = useCartStore((state) => state.codeRemoved);
  const itemEdited = useCartStore((state) => state.itemEdited);
  const itemDeleted = useCartStore((state) => state.itemDeleted);
  const [couponOpen, setCouponOpen] = useState(false);

  const withCurrent = isPriceable(current, product);
  const lines = useMemo(() => [...items, ...(withCurrent ? [current] : [])].map(orderLine), [items, current, withCurrent]);
  const simulation = useOrderSimulation(
    lines,
    codes.map((applied) => applied.code),
    i18n.language,
  );
  const results = simulation.data && simulation.data.length === lines.length ? simulation.data : undefined;
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
            prices={results?.[index]?.prices}
            onEdit={shop.allowShoppingCart ? () => edit(index) : undefined}
            onDelete={() => itemDeleted(index)}
          />
        ))}
        <CartItemCard order={current} prices={withCurrent ? results?.[items.length]?.prices : undefined} />
        <RedemptionLine order={current} />
        {simulation.isError ? <p className="text-small">{t('summary.pricesUnavailable')}</p> : null}
        {results ? <PriceLines totals={cartTotals(results)} rebooking={rebooking} /> : null}
        {rebooking && results?.[0]?.amount !== undefined ? (
          <p className="price-lines__total">{t('summary.rebookAmount', { amount: formatMoney(results[0].amount, currency, i18n.language) })}</p>
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
      {rebooking ? null : (
        <>
          <button type="button" className="button button--link" aria-haspopup="dialog" onClick={() => setCouponOpen(true)}>
            {t('coupon.link')}
          </button>
          <CouponModal open={couponOpen} onClose={() => setCouponOpen(false)} productIds={productIds} />
        </>
      )}
      {onCustomerStep && rebooking ? <RebookActions lines={lines} amount={results?.[0]?.amount ?? null} /> : null}
      {onCustomerStep && !rebooking ? (
        <CheckoutActions
          lines={lines}
          allowReservations={allowReservations}
          total={results ? cartTotals(results).total : null}
          hasEarlierItems={items.length > 0}
        />
      ) : null}
    </aside>
  );
}

/**
 * One order in the cart summary: title, day and time, quantities, the server's price for it, and
 * (for earlier cart items) edit and delete. Titles and names come from the product query.
 *
 * The price is the order's subtotal (its tickets and extras): what the slot showed, and what adds
 * up to the summary's subtotal. The booking fee and any discount are lines of the summary's totals.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemInfoButton } from '../../../components/item-info-button.tsx';
import { Modal } from '../../../components/modal.tsx';
import type { OrderPrices } from '#domain/contracts/orders.ts';
import { toAmount } from '#domain/money.ts';
import { useOrganisation } from '../../../lib/api/organisation.ts';
import type { ProductOrderDraft } from '../../../lib/cart-store.ts';
import { formatDay } from '#domain/date-text.ts';
import { formatMoney } from '../../../lib/format.ts';
import { usePlots } from '../api/get-plots.ts';
import { useProduct } from '../api/get-product.ts';
import { isAudienceOrder, plotOrderOf } from '../order-lines.ts';
import { slotTime } from './time-slot-list.tsx';

export interface CartItemCardProps {
  order: ProductOrderDraft;
  prices: OrderPrices | undefined;
  onEdit?: () => void;
  onDelete?: () => void;
}

export function CartItemCard({ order, prices, onEdit, onDelete }: CartItemCardProps) {
  const { t, i18n } = useTranslation('order');
  const { currency } = useOrganisation();
  const product = useProduct(order.productId).data;
  const plots = usePlots(order.productId, plotOrderOf(order), order.plotId !== null, order.move?.plot ?? null);
  const plot = plots.data?.find((candidate) => candidate.id === order.plotId);
  const [confirming, setConfirming] = useState(false);
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  const title = product?.title ?? t('summary.loadingTitle');

  const lines: string[] = isAudienceOrder(order)
    ? Object.entries(order.audiences)
        .filter(([, quantity]) => quantity > 0)
        .map(([id, quantity]) => `${quantity} × ${product?.audiences.find((audience) => audience.id === Number(id))?.name ?? ''}`)
    : order.quantity > 0
      ? [t('summary.tickets', { count: order.quantity })]
      : [];
  for (const [id, choice] of Object.entries(order.upsells)) {
    if (choice.quantity <= 0) continue;
    const name = product?.upsells.find((upsell) => upsell.id === Number(id))?.title ?? '';
    lines.push(choice.donationCents !== undefined ? `${name}: ${money(toAmount(choice.donationCents))}` : `${choice.quantity} × ${name}`);
  }

  return (
    <article className="cart-item" aria-label={title}>
      <h3 className="cart-item__title">{title}</h3>
      {order.date ? (
        <p className="cart-item__when">
          {formatDay(order.date, i18n.language, 'short')}
          {plot && product ? `, ${slotTime(plot, product.settings.show_end_time, t('plot.allDay'))}` : null}
        </p>
      ) : null}
      <ul className="cart-item__lines">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {prices ? <p className="cart-item__price">{money(prices.subtotal)}</p> : null}
      <div className="actions">
        {product?.description ? (
          <ItemInfoButton
            title={product.title}
            image={product.image}
            descriptionHtml={product.description}
            buttonText={t('summary.info')}
            closeLabel={t('navigation.close')}
          />
        ) : null}
        {onEdit ? (
          <button type="button" className="button button--small" onClick={onEdit} aria-label={t('summary.editItem', { title })}>
            {t('summary.edit')}
          </button>
        ) : null}
        {onDelete ? (
          <button type="button" className="button button--small" onClick={() => setConfirming(true)} aria-label={t('summary.deleteItem', { title })}>
            {t('summary.delete')}
          </button>
        ) : null}
      </div>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('summary.deleteTitle')}
        closeLabel={t('navigation.close')}
        footer={
          <div className="actions">
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('navigation.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setConfirming(false);
                onDelete?.();
              }}
            >
              {t('summary.deleteConfirm')}
            </button>
          </div>
        }
      >
        <p>{t('summary.deleteQuestion', { title })}</p>
      </Modal>
    </article>
  );
}

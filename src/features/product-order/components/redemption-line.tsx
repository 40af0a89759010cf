/** The applied client subscription, visible and removable: "Paid with your 10-visit card, 7 left" (spec section 4). */
import { useTranslation } from 'react-i18next';
import { useCartStore, type ProductOrderDraft } from '../../../lib/cart-store.ts';
import { orderedAmount } from '../order-lines.ts';
import { useAppliedSubscription } from '../use-subscription-auto-apply.ts';

export function RedemptionLine({ order }: { order: ProductOrderDraft }) {
  const { t } = useTranslation('subscription');
  const applied = useAppliedSubscription(order);
  const subscriptionRemoved = useCartStore((state) => state.subscriptionRemoved);
  if (!applied) return null;
  const title = applied.subscription.title;
  const unlimited = applied.available_redemptions === -1;
  const left = applied.available_redemptions - orderedAmount(order);
  return (
    <p className="cart-summary__redemption" role="status">
      <span>{unlimited ? t('redemption.unlimited', { title }) : t('redemption.applied', { title, count: left })}</span>{' '}
      <button type="button" className="button button--link text-small" onClick={subscriptionRemoved}>
        {t('redemption.remove', { title })}
      </button>
    </p>
  );
}

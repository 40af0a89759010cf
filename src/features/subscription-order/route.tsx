/** /subscription/{id}/{slug}: loads the subscription (a failure or a state not served sends the visitor home) and runs its order flow. */
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { HtmlContent } from '../../components/html-content.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { SoldSeparatelyNotice } from '../../components/sold-separately-notice.tsx';
import { sellableBesideCart } from '#domain/cart-exclusive.ts';
import { isServedState } from '#domain/catalogue-state.ts';
import { useCartHasItems } from '../../lib/cart-store.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSubscription } from './api/get-subscription.ts';
import { SubscriptionOrderFlow } from './components/subscription-order-flow.tsx';
import './subscription-order.css';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation('subscription');
  const validId = ID_PATTERN.test(id);
  const subscription = useSubscription(validId ? Number(id) : null);
  useDocumentTitle(subscription.data?.title ?? null);
  const cartHasItems = useCartHasItems();

  if (!validId || subscription.isError || (subscription.data && !isServedState(subscription.data.state))) return <Navigate to="/" replace />;
  if (!subscription.data) return <Spinner label={t('loading')} />;
  return (
    <div className="page">
      <h1 className="page__title">{subscription.data.title}</h1>
      {subscription.data.description ? <HtmlContent className="product-page__description" html={subscription.data.description} /> : null}
      {sellableBesideCart('subscription', cartHasItems) ? (
        <SubscriptionOrderFlow key={subscription.data.id} subscription={subscription.data} />
      ) : (
        <SoldSeparatelyNotice />
      )}
    </div>
  );
}

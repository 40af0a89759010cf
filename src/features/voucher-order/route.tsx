/**
 * /voucher/{id}/{slug}: loads the voucher (a failure, or a state that is not served, sends the
 * visitor home), titles the page, offers its information modal when it has a description, and
 * runs the voucher order flow.
 */
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { ItemInfoButton } from '../../components/item-info-button.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { SoldSeparatelyNotice } from '../../components/sold-separately-notice.tsx';
import { sellableBesideCart } from '#domain/cart-exclusive.ts';
import { isServedState } from '#domain/catalogue-state.ts';
import { useCartHasItems } from '../../lib/cart-store.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useVoucher } from './api/get-voucher.ts';
import { VoucherOrderFlow } from './components/voucher-order-flow.tsx';
import './voucher-order.css';

const ID_PATTERN = /^[1-9]\d{0,9}$/;

export function Component() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['voucher', 'common']);
  const validId = ID_PATTERN.test(id);
  const voucher = useVoucher(validId ? Number(id) : null);
  useDocumentTitle(voucher.data?.title ?? null);
  const cartHasItems = useCartHasItems();

  if (!validId || voucher.isError || (voucher.data && !isServedState(voucher.data.state))) return <Navigate to="/" replace />;
  if (!voucher.data) return <Spinner label={t('common:loading')} />;
  return (
    <div className="page product-page">
      <h1 className="page__title" id="voucher-title">
        {voucher.data.title}
      </h1>
      {voucher.data.description ? (
        <p>
          <ItemInfoButton
            title={voucher.data.title}
            image={voucher.data.image}
            descriptionHtml={voucher.data.description}
            buttonText={t('voucher:info')}
            closeLabel={t('voucher:navigation.close')}
            describedBy="voucher-title"
          />
        </p>
      ) : null}
      {sellableBesideCart('voucher', cartHasItems) ? <VoucherOrderFlow key={voucher.data.id} voucher={voucher.data} /> : <SoldSeparatelyNotice />}
    </div>
  );
}

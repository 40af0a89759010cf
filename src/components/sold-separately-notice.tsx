/**
 * Shown instead of a subscription or voucher order while the product cart holds items
 * (src/domain/cart-exclusive.ts): they are ordered on their own, after or without the tickets.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from './alert.tsx';

export function SoldSeparatelyNotice() {
  const { t } = useTranslation('common');
  return (
    <Alert
      tone="info"
      action={
        <Link className="button button--secondary" to="/">
          {t('soldSeparately.toShop')}
        </Link>
      }
    >
      {t('soldSeparately.body')}
    </Alert>
  );
}

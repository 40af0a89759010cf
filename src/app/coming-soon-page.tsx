/**
 * The placeholder of routes whose flows arrive in later issues (product, subscription and voucher
 * orders, rebooking, renewal, voucher check, reservations, calendar, checkout return). Each of
 * those routes switches to its feature's own `route.tsx` when the feature lands.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function Component() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('comingSoon.title'));
  return (
    <div className="page">
      <h1 className="page__title">{t('comingSoon.title')}</h1>
      <p>{t('comingSoon.body')}</p>
      <Link className="button button--primary" to="/">
        {t('comingSoon.home')}
      </Link>
    </div>
  );
}

/** The busy state of a route whose code or data is still loading (inside the layout). */
import { useTranslation } from 'react-i18next';

export function RouteLoading() {
  const { t } = useTranslation('common');
  return (
    <div className="route-loading" role="status" aria-live="polite">
      <span className="route-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}

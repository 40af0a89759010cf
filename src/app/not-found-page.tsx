/** `/404` and every unknown path (spec section 2). */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export function Component() {
  const { t } = useTranslation('common');
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="page">
      <h1 className="page__title">{t('notFound.title')}</h1>
      <p>{t('notFound.body')}</p>
      <Link className="button button--primary" to="/">
        {t('notFound.home')}
      </Link>
    </div>
  );
}

/** What the back office shows for a section the role may not open, and for an unknown address. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeading } from '../page-heading.tsx';

export function NotAllowedPage() {
  const { t } = useTranslation('backoffice');
  return (
    <section aria-labelledby="bo-status">
      <PageHeading title={t('notAllowed.title')}>
        <span id="bo-status">{t('notAllowed.title')}</span>
      </PageHeading>
      <p>{t('notAllowed.body')}</p>
      <p>
        <Link to="/">{t('notAllowed.back')}</Link>
      </p>
    </section>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation('backoffice');
  return (
    <section>
      <PageHeading title={t('notFound.title')}>{t('notFound.title')}</PageHeading>
      <p>
        <Link to="/">{t('notAllowed.back')}</Link>
      </p>
    </section>
  );
}

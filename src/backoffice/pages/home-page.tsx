/** The back office's start page: who is signed in; the navigation lists what their role may open. */
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../page-heading.tsx';
import { useStaffSession } from '../api/session.ts';

export default function HomePage() {
  const { t } = useTranslation('backoffice');
  const session = useStaffSession().data;
  if (!session) return null;
  return (
    <>
      <PageHeading title={t('home.title')}>{t('home.title')}</PageHeading>
      <p>{t('home.greeting', { name: session.staff.name, role: t(`roles.${session.staff.role}`) })}</p>
    </>
  );
}

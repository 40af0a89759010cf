/** The back office app: the sign-in page until a staff session exists, then the shell with its sections. */
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { errorText } from './error-text.ts';
import { useStaffSession } from './session.tsx';
import { Shell } from './shell.tsx';
import { SignInPage } from './sign-in-page.tsx';

export function BackofficeApp() {
  const { t } = useTranslation('backoffice');
  const session = useStaffSession();
  if (session.isPending) {
    return (
      <p className="bo-loading" role="status">
        {t('shell.loading')}
      </p>
    );
  }
  if (session.isError) {
    return (
      <main id="main" className="bo-main">
        <p role="alert">{errorText(t, session.error)}</p>
      </main>
    );
  }
  if (!session.data) return <SignInPage />;
  return (
    <Routes>
      <Route path="*" element={<Shell session={session.data} />} />
    </Routes>
  );
}

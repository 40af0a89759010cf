/** The back office app: the public set-password page, else the sign-in page until a staff session exists, then the shell with its sections. */
import { useTranslation } from 'react-i18next';
import { Route, Routes, useLocation } from 'react-router-dom';
import { errorText } from '../lib/error-message.ts';
import { useStaffSession } from './api/session.ts';
import { Shell } from './shell.tsx';
import { SetPasswordPage } from './set-password-page.tsx';
import { SignInPage } from './sign-in-page.tsx';

export function BackofficeApp() {
  const { t } = useTranslation('backoffice');
  const session = useStaffSession();
  const location = useLocation();
  // A set-password link is public: it opens without (and before) a session.
  if (location.pathname.replace(/\/+$/, '') === '/set-password') return <SetPasswordPage />;
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

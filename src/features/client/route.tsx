/**
 * /client/login (spec section 2). Signs a client in with e-mail and password, or with the token
 * of a sign-in link (`?token=…`, also the link that confirms a new account's address), then goes to
 * `?redirect=` (same-site paths only) or home. Links to /client/forgot and /client/sign-up.
 */
import { lazy, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useClient } from '../../lib/api/client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LoginForm } from './components/login-form.tsx';
import { safeRedirect } from './safe-redirect.ts';
import './login-page.css';

// Only a signed-in visitor sees the panel (and its sign-out buttons), only a sign-in link the token
// sign-in: their code is not in the sign-in page's scripts.
const SignedInPanel = lazy(() => import('./components/signed-in-panel.tsx').then((module) => ({ default: module.SignedInPanel })));
const TokenSignIn = lazy(() => import('./components/token-sign-in.tsx').then((module) => ({ default: module.TokenSignIn })));

export function Component() {
  const { t } = useTranslation('client');
  useDocumentTitle(t('login.title'));
  const client = useClient();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirectTo = safeRedirect(params.get('redirect'));
  const token = params.get('token');
  const onSignedIn = useCallback(() => navigate(redirectTo, { replace: true }), [navigate, redirectTo]);

  let content;
  if (client) content = <SignedInPanel client={client} continueTo={redirectTo} />;
  else if (token) content = <TokenSignIn token={token} onSignedIn={onSignedIn} />;
  else content = <LoginForm onSignedIn={onSignedIn} />;

  return (
    <div className="page login-page">
      <h1 className="page__title">{t('login.title')}</h1>
      {client ? null : <p className="text-muted">{t('login.intro')}</p>}
      <Suspense fallback={null}>{content}</Suspense>
      {client ? null : (
        <ul className="login-page__links">
          <li>
            <Link to="/client/forgot">{t('login.forgot')}</Link>
          </li>
          <li>
            <Link to="/client/sign-up">{t('login.signUp')}</Link>
          </li>
        </ul>
      )}
    </div>
  );
}

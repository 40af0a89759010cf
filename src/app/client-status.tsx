/** Who is signed in, in the header: the client's name and Sign out, or a Sign in link. */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useClient } from '../lib/api/client.ts';

const SignedInStatus = lazy(() => import('./signed-in-status.tsx'));
const LOGIN_PATH = '/client/login';

export function ClientStatus() {
  const { t } = useTranslation('common');
  const client = useClient();
  const location = useLocation();
  const signInLink = useRef<HTMLAnchorElement>(null);
  const wasSignedIn = useRef(client !== null);

  // Signing out removes the Sign out button: keep keyboard focus in the header, on Sign in.
  useEffect(() => {
    if (wasSignedIn.current && !client) signInLink.current?.focus();
    wasSignedIn.current = client !== null;
  }, [client]);

  if (!client) {
    const here = `${location.pathname}${location.search}`;
    const to = location.pathname === LOGIN_PATH ? here : `${LOGIN_PATH}?redirect=${encodeURIComponent(here)}`;
    return (
      <Link ref={signInLink} className="button button--secondary button--small" to={to}>
        {t('client.signIn')}
      </Link>
    );
  }

  return (
    <div className="client-status">
      <Link className="client-status__name" to="/client/account">
        <span className="visually-hidden">{t('client.signedInAs')} </span>
        {client.name.full}
      </Link>
      <Suspense fallback={null}>
        <SignedInStatus />
      </Suspense>
    </div>
  );
}

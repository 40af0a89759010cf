/** Who is signed in, in the header: the client's name and Sign out, or a Sign in link. */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useLogout } from '../features/client/api/logout.ts';
import { useClient } from '../lib/api/client.ts';
import { ApiErrorText } from '../components/api-error-text.tsx';

const LOGIN_PATH = '/client/login';

export function ClientStatus() {
  const { t } = useTranslation('common');
  const client = useClient();
  const logout = useLogout();
  const location = useLocation();
  const signInLink = useRef<HTMLAnchorElement>(null);
  const signedOut = !client && logout.isSuccess;

  // The Sign out button disappears when it has done its job: keep keyboard focus in the header.
  useEffect(() => {
    if (signedOut) signInLink.current?.focus();
  }, [signedOut]);

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
      <span className="client-status__name">
        <span className="visually-hidden">{t('client.signedInAs')} </span>
        {client.name.full}
      </span>
      <button
        type="button"
        className="button button--secondary button--small"
        aria-disabled={logout.isPending}
        onClick={() => {
          if (!logout.isPending) logout.mutate();
        }}
      >
        {logout.isPending ? t('client.signingOut') : t('client.signOut')}
      </button>
      {logout.isError ? (
        <span className="client-status__error" role="alert">
          <ApiErrorText error={logout.error} />
        </span>
      ) : null}
    </div>
  );
}

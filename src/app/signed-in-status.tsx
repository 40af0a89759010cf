/**
 * The signed-in part of the header: the client's name and Sign out. Loaded only when a client is
 * signed in, so anonymous visitors (most of them) do not download the sign-out mutation.
 */
import { useTranslation } from 'react-i18next';
import { ApiErrorText } from '../components/api-error-text.tsx';
import { useLogout } from '../features/client/api/logout.ts';

export default function SignedInStatus() {
  const { t } = useTranslation('common');
  const logout = useLogout();
  return (
    <>
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
    </>
  );
}

/** Sign out, with its pending state and a failure message: used in the header and on the login page. */
import { useTranslation } from 'react-i18next';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { useLogout } from '../api/logout.ts';

export function SignOutButton({ className = 'button button--secondary' }: { className?: string }) {
  const { t } = useTranslation('common');
  const logout = useLogout();
  return (
    <>
      <button
        type="button"
        className={className}
        aria-disabled={logout.isPending}
        onClick={() => {
          if (!logout.isPending) logout.mutate();
        }}
      >
        {logout.isPending ? t('client.signingOut') : t('client.signOut')}
      </button>
      {logout.isError ? (
        <span className="sign-out__error" role="alert">
          <ApiErrorText error={logout.error} />
        </span>
      ) : null}
    </>
  );
}

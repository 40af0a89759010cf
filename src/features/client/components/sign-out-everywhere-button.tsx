/** Sign out on every device (a lost phone, a shared computer): ends every session of the client. */
import { useTranslation } from 'react-i18next';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { useLogoutEverywhere } from '../api/logout-everywhere.ts';

export function SignOutEverywhereButton() {
  const { t } = useTranslation('client');
  const logout = useLogoutEverywhere();
  return (
    <>
      <button type="button" className="button button--secondary" aria-disabled={logout.isPending} onClick={() => logout.isPending || logout.mutate()}>
        {logout.isPending ? t('signOutEverywhere.pending') : t('signOutEverywhere.label')}
      </button>
      {logout.isError ? (
        <span className="sign-out__error" role="alert">
          <ApiErrorText error={logout.error} />
        </span>
      ) : null}
    </>
  );
}

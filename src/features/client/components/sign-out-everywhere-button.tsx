/** Sign out on every device (a lost phone, a shared computer): ends every session of the client. */
import { useTranslation } from 'react-i18next';
import { useLogoutEverywhere } from '../api/logout-everywhere.ts';
import { SignOutAction } from './sign-out-action.tsx';

export function SignOutEverywhereButton() {
  const { t } = useTranslation('client');
  const signOut = useLogoutEverywhere();
  return <SignOutAction signOut={signOut} label={t('signOutEverywhere.label')} pendingLabel={t('signOutEverywhere.pending')} />;
}

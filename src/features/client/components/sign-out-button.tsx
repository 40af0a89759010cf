/** Sign out, with its pending state and a failure message: used in the header and on the login page. */
import { useTranslation } from 'react-i18next';
import { useLogout } from '../api/logout.ts';
import { SignOutAction } from './sign-out-action.tsx';

export function SignOutButton({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const signOut = useLogout();
  return <SignOutAction signOut={signOut} label={t('client.signOut')} pendingLabel={t('client.signingOut')} className={className} />;
}

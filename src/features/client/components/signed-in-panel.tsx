/** Shown on the login page to a visitor who is already signed in: who, and a way out. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Client } from '#domain/contracts/client.ts';
import { SignOutButton } from './sign-out-button.tsx';
import { SignOutEverywhereButton } from './sign-out-everywhere-button.tsx';

export function SignedInPanel({ client, continueTo }: { client: Client; continueTo: string }) {
  const { t } = useTranslation('client');
  return (
    <div className="stack">
      <p>{t('signedIn.body', { name: client.name.full, email: client.email })}</p>
      <div className="actions">
        <Link className="button button--primary" to={continueTo}>
          {t('signedIn.continue')}
        </Link>
        <Link className="button button--secondary" to="/client/account">
          {t('account.title')}
        </Link>
        <SignOutButton />
        <SignOutEverywhereButton />
      </div>
    </div>
  );
}

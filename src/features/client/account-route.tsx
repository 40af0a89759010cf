/**
 * /client/account: what a signed-in client has here — reservations and orders, passes with their
 * renewal, gift cards with their balance — and their account's actions: change the password, sign
 * out (here or everywhere), download or erase their data. An anonymous visitor is sent to sign in.
 */
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { ApiErrorText } from '../../components/api-error-text.tsx';
import { useClient } from '../../lib/api/client.ts';
import { useOrganisation } from '../../lib/api/organisation.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAccount } from './api/account.ts';
import { AccountLists } from './components/account-lists.tsx';
import { ChangePasswordForm } from './components/change-password-form.tsx';
import { MyData } from './components/my-data.tsx';
import { SignOutButton } from './components/sign-out-button.tsx';
import { SignOutEverywhereButton } from './components/sign-out-everywhere-button.tsx';
import './login-page.css';

export function Component() {
  const { t } = useTranslation('client');
  useDocumentTitle(t('account.title'));
  const client = useClient();
  const { currency } = useOrganisation();
  const account = useAccount(client !== null);

  if (!client) return <Navigate to={`/client/login?redirect=${encodeURIComponent('/client/account')}`} replace />;

  return (
    <div className="page account-page stack">
      <h1 className="page__title">{t('account.title')}</h1>
      <p>{t('signedIn.body', { name: client.name.full, email: client.email })}</p>
      <div className="actions">
        <SignOutButton />
        <SignOutEverywhereButton />
      </div>
      {account.isPending ? (
        <p role="status">{t('account.loading')}</p>
      ) : account.isError ? (
        <p className="login-form__error" role="alert">
          <ApiErrorText error={account.error} />
        </p>
      ) : (
        <AccountLists account={account.data} currency={currency} />
      )}
      <ChangePasswordForm />
      <MyData />
    </div>
  );
}

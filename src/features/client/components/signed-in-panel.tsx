/** Shown on the login page to a visitor who is already signed in: who, and a way out. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Client } from '../../../domain/contracts/client.ts';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { useLogout } from '../api/logout.ts';

export function SignedInPanel({ client, continueTo }: { client: Client; continueTo: string }) {
  const { t } = useTranslation('client');
  const logout = useLogout();
  return (
    <div className="stack">
      <p>{t('signedIn.body', { name: client.name.full, email: client.email })}</p>
      {logout.isError ? (
        <p className="login-form__error" role="alert">
          <ApiErrorText error={logout.error} />
        </p>
      ) : null}
      <div className="actions">
        <Link className="button button--primary" to={continueTo}>
          {t('signedIn.continue')}
        </Link>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={logout.isPending}
          onClick={() => {
            if (!logout.isPending) logout.mutate();
          }}
        >
          {logout.isPending ? t('signedIn.signingOut') : t('signedIn.signOut')}
        </button>
      </div>
    </div>
  );
}

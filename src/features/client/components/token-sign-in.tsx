/**
 * Signs in with the one-time token of a sign-in link (`?token=…`) as soon as the page opens.
 * When the link cannot be used, the visitor gets the password form instead.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { useSignInWithToken } from '../api/sign-in-with-token.ts';
import { LoginForm } from './login-form.tsx';

export function TokenSignIn({ token, onSignedIn }: { token: string; onSignedIn: () => void }) {
  const { t } = useTranslation('client');
  const { mutateAsync, isError, error } = useSignInWithToken();
  // A token is single-use: send it once, even when React runs the effect twice (StrictMode).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (sent.current === token) return;
    sent.current = token;
    mutateAsync({ token }).then(onSignedIn, () => undefined);
  }, [token, mutateAsync, onSignedIn]);

  if (!isError) {
    return (
      <p role="status" aria-live="polite">
        {t('token.signingIn')}
      </p>
    );
  }
  return (
    <>
      <div className="login-form__error" role="alert">
        <p>{t('token.failed')}</p>
        <p className="text-small">
          <ApiErrorText error={error} />
        </p>
      </div>
      <LoginForm onSignedIn={onSignedIn} />
    </>
  );
}

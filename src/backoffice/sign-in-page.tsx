/** The back office's sign-in: e-mail and password, then the authenticator code when the account asks for one. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BackofficeApiError } from './api.ts';
import { errorText } from './error-text.ts';
import { LanguagePicker } from './language-picker.tsx';
import { PageHeading } from './page-heading.tsx';
import { useSignIn } from './session.tsx';

export function SignInPage() {
  const { t } = useTranslation('backoffice');
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const needsCode = signIn.error instanceof BackofficeApiError && (signIn.error.code === 'STAFF_TOTP_REQUIRED' || signIn.error.code === 'STAFF_TOTP_INVALID');
  const [askCode, setAskCode] = useState(false);
  const showCode = askCode || needsCode;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (needsCode) setAskCode(true);
    signIn.mutate({ email, password, ...(showCode && totp ? { totp } : {}) });
  }

  return (
    <div className="bo-sign-in">
      <a className="bo-skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <header className="bo-sign-in__header">
        <span className="bo-brand">{t('app.title')}</span>
        <LanguagePicker />
      </header>
      <main id="main" className="bo-sign-in__main" tabIndex={-1}>
        <PageHeading title={t('signIn.title')}>{t('signIn.title')}</PageHeading>
        <form className="bo-form" onSubmit={submit} noValidate>
          {signIn.error && !(signIn.error instanceof BackofficeApiError && signIn.error.code === 'STAFF_TOTP_REQUIRED') ? (
            <p className="bo-alert" role="alert">
              {errorText(t, signIn.error)}
            </p>
          ) : null}
          <label className="bo-field">
            <span>{t('signIn.email')}</span>
            <input type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
          </label>
          <label className="bo-field">
            <span>{t('signIn.password')}</span>
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </label>
          {showCode ? (
            <label className="bo-field">
              <span>{t('signIn.totp')}</span>
              <input
                name="totp"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                // The code field appears after the password was accepted: the reader continues there.
                autoFocus
                value={totp}
                onChange={(event) => setTotp(event.target.value.replace(/\D/g, ''))}
              />
            </label>
          ) : null}
          <button type="submit" className="bo-button bo-button--primary" disabled={signIn.isPending}>
            {signIn.isPending ? t('signIn.submitting') : t('signIn.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}

/**
 * The back office's sign-in: e-mail and password, then the authenticator code (or one of the recovery
 * codes issued with it) when the account asks for one.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client.ts';
import { errorText } from '../lib/error-message.ts';
import { StackedField } from '../components/field-parts.tsx';
import { LanguagePicker } from '../components/language-picker.tsx';
import { changeBackofficeLanguage } from './i18n.ts';
import { PageHeading } from './page-heading.tsx';
import { useSignIn } from './api/session.ts';
import { totpProof } from './api/account.ts';

export function SignInPage() {
  const { t } = useTranslation('backoffice');
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const needsCode = isApiError(signIn.error) && (signIn.error.code === 'STAFF_TOTP_REQUIRED' || signIn.error.code === 'STAFF_TOTP_INVALID');
  const [askCode, setAskCode] = useState(false);
  const showCode = askCode || needsCode;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (needsCode) setAskCode(true);
    const proof = showCode ? totpProof(totp) : {};
    signIn.mutate({
      email,
      password,
      ...(proof.code ? { totp: proof.code } : {}),
      ...(proof.recovery_code ? { recovery_code: proof.recovery_code } : {}),
    });
  }

  return (
    <div className="bo-sign-in">
      <a className="bo-skip-link" href="#main">
        {t('layout.skipToContent')}
      </a>
      <header className="bo-sign-in__header">
        <span className="bo-brand">{t('app.title')}</span>
        <LanguagePicker id="bo-language" onChoose={changeBackofficeLanguage} />
      </header>
      <main id="main" className="bo-sign-in__main" tabIndex={-1}>
        <PageHeading title={t('signIn.title')}>{t('signIn.title')}</PageHeading>
        <form className="bo-form" onSubmit={submit} noValidate>
          {signIn.error && !(isApiError(signIn.error) && signIn.error.code === 'STAFF_TOTP_REQUIRED') ? (
            <p className="bo-alert" role="alert">
              {errorText(t, signIn.error)}
            </p>
          ) : null}
          <StackedField label={t('signIn.email')}>
            {(props) => (
              <input {...props} type="email" name="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
            )}
          </StackedField>
          <StackedField label={t('signIn.password')}>
            {(props) => (
              <input
                {...props}
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
          </StackedField>
          {showCode ? (
            <StackedField label={t('signIn.totp')} hint={t('signIn.totpHint')}>
              {(props) => (
                <input
                  {...props}
                  name="totp"
                  autoComplete="one-time-code"
                  maxLength={40}
                  required
                  // The code field appears after the password was accepted: the reader continues there.
                  autoFocus
                  value={totp}
                  onChange={(event) => setTotp(event.target.value)}
                />
              )}
            </StackedField>
          ) : null}
          <button type="submit" className="bo-button bo-button--primary" disabled={signIn.isPending}>
            {signIn.isPending ? t('signIn.submitting') : t('signIn.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}

/**
 * /client/reset?token=…: the link of a "forgot password" mail. A new password is chosen; the link
 * is spent only when it is accepted, and the visitor is then signed in and taken to the account.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { passwordProblem, type PasswordProblem } from '#domain/subscription/password.ts';
import { ApiErrorText } from '../../components/api-error-text.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useResetPassword } from './api/password-reset.ts';
import { NewPasswordFields } from './components/new-password-fields.tsx';
import './login-page.css';

export function Component() {
  const { t } = useTranslation('client');
  useDocumentTitle(t('reset.title'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<PasswordProblem | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    const found = passwordProblem(password, confirmation);
    setProblem(found);
    if (found) return input.current?.focus();
    reset.mutateAsync({ token, password }).then(
      () => navigate('/client/account', { replace: true }),
      () => undefined,
    );
  }

  return (
    <div className="page login-page">
      <h1 className="page__title">{t('reset.title')}</h1>
      {token === '' ? (
        <p>
          {t('reset.noToken')} <Link to="/client/forgot">{t('login.forgot')}</Link>
        </p>
      ) : (
        <form className="login-form stack" noValidate onSubmit={submit} aria-busy={reset.isPending}>
          <div aria-live="assertive">
            {reset.isError ? (
              <p className="login-form__error" role="alert">
                <ApiErrorText error={reset.error} />
              </p>
            ) : null}
          </div>
          <NewPasswordFields
            idPrefix="reset"
            password={password}
            confirmation={confirmation}
            onPassword={setPassword}
            onConfirmation={setConfirmation}
            problem={problem}
            passwordRef={input}
          />
          <button type="submit" className="button button--primary" aria-disabled={reset.isPending}>
            {reset.isPending ? t('reset.submitting') : t('reset.submit')}
          </button>
        </form>
      )}
    </div>
  );
}

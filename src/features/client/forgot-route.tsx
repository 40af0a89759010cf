/**
 * /client/forgot: "forgot password". A one-time link to choose a new password is mailed to the
 * address if it has an account; the page says the same either way.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isEmail, type FieldProblem } from '#domain/validation/field-rules.ts';
import { ApiErrorText } from '../../components/api-error-text.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useRequestSignInLink } from './api/sign-in-link.ts';
import './login-page.css';

export function Component() {
  const { t } = useTranslation(['client', 'validation']);
  useDocumentTitle(t('forgot.title'));
  const request = useRequestSignInLink();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    const found = email.trim() === '' ? 'required' : isEmail(email.trim()) ? null : 'email';
    setProblem(found);
    if (found) return input.current?.focus();
    request.mutate(email.trim());
  }

  return (
    <div className="page login-page">
      <h1 className="page__title">{t('forgot.title')}</h1>
      {request.isSuccess ? (
        <p role="status">{t('forgot.sent', { email: email.trim() })}</p>
      ) : (
        <form className="login-form stack" noValidate onSubmit={submit} aria-busy={request.isPending}>
          <p className="text-muted">{t('forgot.intro')}</p>
          <div aria-live="assertive">
            {request.isError ? (
              <p className="login-form__error" role="alert">
                <ApiErrorText error={request.error} />
              </p>
            ) : null}
          </div>
          <TextField
            ref={input}
            id="forgot-email"
            label={t('login.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={problem ? t(`validation:${problem}`) : undefined}
          />
          <button type="submit" className="button button--primary" aria-disabled={request.isPending}>
            {request.isPending ? t('forgot.submitting') : t('forgot.submit')}
          </button>
        </form>
      )}
      <ul className="login-page__links">
        <li>
          <Link to="/client/login">{t('forgot.back')}</Link>
        </li>
      </ul>
    </div>
  );
}

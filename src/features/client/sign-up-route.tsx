/**
 * /client/sign-up: a new account. The answer is always "check your mail" (whether the address has
 * an account is said only in the mail, to its owner); the account works once its link is followed.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { passwordProblem, type PasswordProblem } from '#domain/subscription/password.ts';
import { isEmail, type FieldProblem } from '#domain/validation/field-rules.ts';
import { ApiErrorText } from '../../components/api-error-text.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useClient } from '../../lib/api/client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSignUp } from './api/sign-up.ts';
import { NewPasswordFields } from './components/new-password-fields.tsx';
import './login-page.css';

interface Problems {
  firstName?: FieldProblem;
  lastName?: FieldProblem;
  email?: FieldProblem;
  password?: PasswordProblem;
}

export function Component() {
  const { t } = useTranslation(['client', 'validation']);
  useDocumentTitle(t('signUp.title'));
  const client = useClient();
  const signUp = useSignUp();
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '', confirmation: '' });
  const [problems, setProblems] = useState<Problems>({});
  const firstNameInput = useRef<HTMLInputElement>(null);
  const lastNameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  if (client) return <Navigate to="/client/account" replace />;

  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signUp.isPending) return;
    const found: Problems = {};
    if (form.firstName.trim() === '') found.firstName = 'required';
    if (form.lastName.trim() === '') found.lastName = 'required';
    if (form.email.trim() === '') found.email = 'required';
    else if (!isEmail(form.email.trim())) found.email = 'email';
    const password = passwordProblem(form.password, form.confirmation);
    if (password) found.password = password;
    setProblems(found);
    if (found.firstName) return firstNameInput.current?.focus();
    if (found.lastName) return lastNameInput.current?.focus();
    if (found.email) return emailInput.current?.focus();
    if (found.password) return passwordInput.current?.focus();
    signUp.mutate({ email: form.email.trim(), password: form.password, first_name: form.firstName.trim(), last_name: form.lastName.trim() });
  }

  return (
    <div className="page login-page">
      <h1 className="page__title">{t('signUp.title')}</h1>
      {signUp.isSuccess ? (
        <div className="stack" role="status">
          <p>{t('signUp.sent', { email: form.email.trim() })}</p>
          <p className="text-muted">{t('signUp.sentHint')}</p>
        </div>
      ) : (
        <form className="login-form stack" noValidate onSubmit={submit} aria-busy={signUp.isPending}>
          <p className="text-muted">{t('signUp.intro')}</p>
          <div aria-live="assertive">
            {signUp.isError ? (
              <p className="login-form__error" role="alert">
                <ApiErrorText error={signUp.error} />
              </p>
            ) : null}
          </div>
          <TextField
            ref={firstNameInput}
            id="sign-up-first-name"
            label={t('signUp.firstName')}
            autoComplete="given-name"
            required
            value={form.firstName}
            onChange={(event) => set('firstName')(event.target.value)}
            error={problems.firstName ? t(`validation:${problems.firstName}`) : undefined}
          />
          <TextField
            ref={lastNameInput}
            id="sign-up-last-name"
            label={t('signUp.lastName')}
            autoComplete="family-name"
            required
            value={form.lastName}
            onChange={(event) => set('lastName')(event.target.value)}
            error={problems.lastName ? t(`validation:${problems.lastName}`) : undefined}
          />
          <TextField
            ref={emailInput}
            id="sign-up-email"
            label={t('login.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            value={form.email}
            onChange={(event) => set('email')(event.target.value)}
            error={problems.email ? t(`validation:${problems.email}`) : undefined}
          />
          <NewPasswordFields
            idPrefix="sign-up"
            label={t('login.password')}
            password={form.password}
            confirmation={form.confirmation}
            onPassword={set('password')}
            onConfirmation={set('confirmation')}
            problem={problems.password ?? null}
            passwordRef={passwordInput}
          />
          <button type="submit" className="button button--primary" aria-disabled={signUp.isPending}>
            {signUp.isPending ? t('signUp.submitting') : t('signUp.submit')}
          </button>
        </form>
      )}
      <ul className="login-page__links">
        <li>
          <Link to="/client/login">{t('signUp.haveAccount')}</Link>
        </li>
      </ul>
    </div>
  );
}

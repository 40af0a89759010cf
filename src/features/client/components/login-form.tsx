/**
 * The e-mail and password form. Checks the obvious before sending; the server has the last word.
 * An account strangers keep guessing asks for the captcha (SECURITY_CAPTCHA_REQUIRED): the modal
 * opens (its code loads only then) and the sign-in is sent again with its token.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginRequest } from '#domain/contracts/client.ts';
import { isEmail, type FieldProblem } from '#domain/validation/field-rules.ts';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { CaptchaModal } from '../../../components/captcha/captcha-modal.tsx';
import { useCaptchaRetry } from '../../../components/captcha/use-captcha-retry.ts';
import { TextField } from '../../../components/text-field.tsx';
import { useLogin } from '../api/login.ts';

interface Problems {
  email?: FieldProblem;
  password?: FieldProblem;
}

function checkCredentials(email: string, password: string): Problems {
  const problems: Problems = {};
  if (email.trim() === '') problems.email = 'required';
  else if (!isEmail(email)) problems.email = 'email';
  if (password === '') problems.password = 'required';
  return problems;
}

export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation(['client', 'validation']);
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const captcha = useCaptchaRetry(send);

  function send(credentials: LoginRequest) {
    // Errors are shown from the mutation state; navigation happens only on success.
    login.mutateAsync(credentials).then(onSignedIn, (error: unknown) => captcha.challenge(error, credentials));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    const found = checkCredentials(email, password);
    setProblems(found);
    if (found.email) return emailInput.current?.focus();
    if (found.password) return passwordInput.current?.focus();
    send({ email: email.trim(), password });
  }

  return (
    <form className="login-form stack" noValidate onSubmit={submit} aria-busy={login.isPending}>
      <CaptchaModal {...captcha.modal} />
      <div aria-live="assertive">
        {login.isError ? (
          <p className="login-form__error" role="alert">
            <ApiErrorText error={login.error} />
          </p>
        ) : null}
      </div>
      <TextField
        ref={emailInput}
        id="login-email"
        label={t('login.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={problems.email ? t(`validation:${problems.email}`) : undefined}
      />
      <TextField
        ref={passwordInput}
        id="login-password"
        label={t('login.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={problems.password ? t(`validation:${problems.password}`) : undefined}
      />
      <button type="submit" className="button button--primary" aria-disabled={login.isPending}>
        {login.isPending ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}

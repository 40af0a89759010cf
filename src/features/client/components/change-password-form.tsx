/** Change the password on the account page: the current one, then the new one twice. */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordProblem, type PasswordProblem } from '#domain/subscription/password.ts';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useChangePassword } from '../api/change-password.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

export function ChangePasswordForm() {
  const { t } = useTranslation(['client', 'validation']);
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problems, setProblems] = useState<{ current?: boolean; password?: PasswordProblem }>({});
  const currentInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    const problem = passwordProblem(password, confirmation);
    const found = { ...(current === '' ? { current: true } : {}), ...(problem ? { password: problem } : {}) };
    setProblems(found);
    if (found.current) return currentInput.current?.focus();
    if (found.password) return passwordInput.current?.focus();
    change.mutate(
      { current_password: current, password },
      {
        onSuccess: () => {
          setCurrent('');
          setPassword('');
          setConfirmation('');
        },
      },
    );
  }

  return (
    <form className="login-form stack" noValidate onSubmit={submit} aria-busy={change.isPending} aria-labelledby="account-password">
      <h2 id="account-password">{t('account.changePassword')}</h2>
      <div aria-live="polite">
        {change.isError ? (
          <p className="login-form__error" role="alert">
            <ApiErrorText error={change.error} />
          </p>
        ) : null}
        {change.isSuccess ? <p role="status">{t('account.passwordChanged')}</p> : null}
      </div>
      <TextField
        ref={currentInput}
        id="account-current-password"
        label={t('account.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(event) => setCurrent(event.target.value)}
        error={problems.current ? t('validation:required') : undefined}
      />
      <NewPasswordFields
        idPrefix="account"
        password={password}
        confirmation={confirmation}
        onPassword={setPassword}
        onConfirmation={setConfirmation}
        problem={problems.password ?? null}
        passwordRef={passwordInput}
      />
      <div className="actions">
        <button type="submit" className="button button--secondary" aria-disabled={change.isPending}>
          {change.isPending ? t('account.changingPassword') : t('account.changePassword')}
        </button>
      </div>
    </form>
  );
}

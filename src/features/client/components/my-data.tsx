/** Download or erase my data (GDPR): a JSON download, and erasing the account with the password asked again. */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useDownloadAccountData } from '../api/export-account.ts';

export function MyData() {
  const { t } = useTranslation(['client', 'validation']);
  const download = useDownloadAccountData();
  const erase = useDeleteAccount();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (erase.isPending) return;
    setMissing(password === '');
    if (password === '') return input.current?.focus();
    erase.mutateAsync(password).then(
      () => navigate('/', { replace: true }),
      () => undefined,
    );
  }

  return (
    <section className="stack" aria-labelledby="account-data">
      <h2 id="account-data">{t('account.data')}</h2>
      <p className="text-muted">{t('account.downloadIntro')}</p>
      <div className="actions">
        <button type="button" className="button button--secondary" aria-disabled={download.isPending} onClick={() => download.isPending || download.mutate()}>
          {t('account.download')}
        </button>
      </div>
      {download.isError ? (
        <p className="login-form__error" role="alert">
          <ApiErrorText error={download.error} />
        </p>
      ) : null}
      <form className="login-form stack" noValidate onSubmit={submit} aria-busy={erase.isPending}>
        <h3>{t('account.delete')}</h3>
        <p className="text-muted">{t('account.deleteIntro')}</p>
        <div aria-live="assertive">
          {erase.isError ? (
            <p className="login-form__error" role="alert">
              <ApiErrorText error={erase.error} />
            </p>
          ) : null}
        </div>
        <TextField
          ref={input}
          id="account-delete-password"
          label={t('account.currentPassword')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={missing ? t('validation:required') : undefined}
        />
        <div className="actions">
          <button type="submit" className="button button--secondary" aria-disabled={erase.isPending}>
            {t('account.deleteSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}

/**
 * The page a set-password link opens (/backoffice/set-password#<token>: an invitation, the first owner's
 * start-up link, a new link from an owner). Public: it needs no session; the token rides in the
 * fragment, so it never reaches a server log. A saved password signs the person in.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../lib/error-message.ts';
import { LanguagePicker } from '../components/language-picker.tsx';
import { changeBackofficeLanguage } from './i18n.ts';
import { PageHeading } from './page-heading.tsx';
import { useSetPassword } from './api/session.ts';
import { StackedField } from '../components/field-parts.tsx';
import { PASSWORD_RULES } from '#domain/password-rules.ts';

/** At least this many characters; the server judges the rest by strength and says why it refuses (errorText). */
const MIN_LENGTH = PASSWORD_RULES.staff.minLength;

export function SetPasswordPage() {
  const { t } = useTranslation('backoffice');
  const navigate = useNavigate();
  const [token] = useState(() => decodeURIComponent(window.location.hash.replace(/^#/, '')));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetPassword();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < MIN_LENGTH) return setProblem(t('setPassword.tooShort', { count: MIN_LENGTH }));
    if (password !== repeat) return setProblem(t('setPassword.different'));
    setProblem(null);
    save.mutate({ token, password }, { onSuccess: () => void navigate('/', { replace: true }) });
  }

  return (
    <div className="bo-sign-in">
      <header className="bo-sign-in__header">
        <span className="bo-brand">{t('app.title')}</span>
        <LanguagePicker id="bo-language" onChoose={changeBackofficeLanguage} />
      </header>
      <main id="main" className="bo-sign-in__main" tabIndex={-1}>
        <PageHeading title={t('setPassword.title')}>{t('setPassword.title')}</PageHeading>
        {token ? (
          <form className="bo-form" onSubmit={submit} noValidate>
            {save.error ? (
              <p className="bo-alert" role="alert">
                {errorText(t, save.error)}
              </p>
            ) : null}
            <StackedField label={t('setPassword.password')} hint={t('setPassword.hint', { count: MIN_LENGTH })} error={problem}>
              {(aria) => (
                <input {...aria} type="password" autoComplete="new-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
              )}
            </StackedField>
            <StackedField label={t('setPassword.repeat')}>
              {(aria) => (
                <input {...aria} type="password" autoComplete="new-password" required value={repeat} onChange={(event) => setRepeat(event.target.value)} />
              )}
            </StackedField>
            <button type="submit" className="bo-button bo-button--primary" disabled={save.isPending}>
              {t('setPassword.submit')}
            </button>
          </form>
        ) : (
          <p role="alert">{t('setPassword.noToken')}</p>
        )}
      </main>
    </div>
  );
}

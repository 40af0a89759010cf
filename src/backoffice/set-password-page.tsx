/**
 * The page a set-password link opens (/backoffice/set-password#<token>: an invitation, the first owner's
 * start-up link, a new link from an owner). Public: it needs no session; the token rides in the
 * fragment, so it never reaches a server log. A saved password signs the person in.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { StaffSessionBody } from '#domain/backoffice/staff.schema.ts';
import { boApi, setCsrfToken } from './api.ts';
import { errorText } from './error-text.ts';
import { LanguagePicker } from './language-picker.tsx';
import { PageHeading } from './page-heading.tsx';
import { SESSION_KEY } from './session.tsx';
import { Field } from './ui/field.tsx';

/** At least this many characters (the API's staffSetPasswordRequestSchema). */
const MIN_LENGTH = 10;

export function SetPasswordPage() {
  const { t } = useTranslation('backoffice');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [token] = useState(() => decodeURIComponent(window.location.hash.replace(/^#/, '')));
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => boApi.post<StaffSessionBody>('/password', { token, password }),
    onSuccess: (session) => {
      setCsrfToken(session.csrf_token);
      queryClient.setQueryData(SESSION_KEY, session);
      void navigate('/', { replace: true });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < MIN_LENGTH) return setProblem(t('setPassword.tooShort', { count: MIN_LENGTH }));
    if (password !== repeat) return setProblem(t('setPassword.different'));
    setProblem(null);
    save.mutate();
  }

  return (
    <div className="bo-sign-in">
      <header className="bo-sign-in__header">
        <span className="bo-brand">{t('app.title')}</span>
        <LanguagePicker />
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
            <Field label={t('setPassword.password')} hint={t('setPassword.hint', { count: MIN_LENGTH })} error={problem}>
              {(aria) => (
                <input {...aria} type="password" autoComplete="new-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
              )}
            </Field>
            <Field label={t('setPassword.repeat')}>
              {(aria) => (
                <input {...aria} type="password" autoComplete="new-password" required value={repeat} onChange={(event) => setRepeat(event.target.value)} />
              )}
            </Field>
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

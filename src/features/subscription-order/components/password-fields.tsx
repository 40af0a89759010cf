/**
 * A new anonymous customer sets a password (at least 6 characters, not one of the commonest,
 * confirmation matches; spec section 5) and gets a client account.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/text-field.tsx';
import { PASSWORD_MIN_LENGTH, type PasswordProblem } from '#domain/subscription/password.ts';
import { useSubscriptionOrderStore } from '../store.ts';

/** The ids of the two fields (the error summary links to them). */
export const PASSWORD_ID = 'subscription-password';
export const CONFIRMATION_ID = 'subscription-password-confirmation';

/** The password field's own message (the confirmation's is `password.mismatch`); null when it has none. */
export function passwordError(t: TFunction<'subscription'>, problem: PasswordProblem | null): string | null {
  if (problem === 'TOO_SHORT') return t('password.too_short', { count: PASSWORD_MIN_LENGTH });
  if (problem === 'TOO_COMMON') return t('password.too_common');
  return null;
}

export function PasswordFields({ problem, showAllErrors }: { problem: PasswordProblem | null; showAllErrors: boolean }) {
  const { t } = useTranslation('subscription');
  const password = useSubscriptionOrderStore((state) => state.password);
  const confirmation = useSubscriptionOrderStore((state) => state.confirmation);
  const passwordChanged = useSubscriptionOrderStore((state) => state.passwordChanged);
  const show = showAllErrors || password !== '';
  return (
    <fieldset className="stack">
      <legend>{t('password.title')}</legend>
      <p>{t('password.intro')}</p>
      <TextField
        id={PASSWORD_ID}
        label={t('password.password')}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        error={show ? passwordError(t, problem) : null}
        onChange={(event) => passwordChanged(event.target.value, confirmation)}
      />
      <TextField
        id={CONFIRMATION_ID}
        label={t('password.confirmation')}
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        error={(showAllErrors || confirmation !== '') && problem === 'MISMATCH' ? t('password.mismatch') : null}
        onChange={(event) => passwordChanged(password, event.target.value)}
      />
    </fieldset>
  );
}

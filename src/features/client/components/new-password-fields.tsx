/** A new password and its repetition, with the shop's password rules (src/domain/subscription/password.ts). */
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, type PasswordProblem } from '#domain/subscription/password.ts';
import { TextField } from '../../../components/text-field.tsx';

export interface NewPasswordFieldsProps {
  idPrefix: string;
  password: string;
  confirmation: string;
  onPassword(value: string): void;
  onConfirmation(value: string): void;
  /** Shown once the visitor tried to send. */
  problem: PasswordProblem | null;
  passwordRef?: Ref<HTMLInputElement>;
  label?: string;
}

export function NewPasswordFields({ idPrefix, password, confirmation, onPassword, onConfirmation, problem, passwordRef, label }: NewPasswordFieldsProps) {
  const { t } = useTranslation('client');
  const message =
    problem === 'TOO_SHORT' ? t('password.tooShort', { count: PASSWORD_MIN_LENGTH }) : problem === 'TOO_COMMON' ? t('password.tooCommon') : undefined;
  return (
    <>
      <TextField
        ref={passwordRef}
        id={`${idPrefix}-password`}
        label={label ?? t('password.new')}
        hint={t('password.hint', { count: PASSWORD_MIN_LENGTH })}
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => onPassword(event.target.value)}
        error={message}
      />
      <TextField
        id={`${idPrefix}-confirmation`}
        label={t('password.repeat')}
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => onConfirmation(event.target.value)}
        error={problem === 'MISMATCH' ? t('password.mismatch') : undefined}
      />
    </>
  );
}

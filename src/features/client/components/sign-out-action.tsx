/**
 * A button that ends sessions (this one, or every one) once per click: it stays focusable while the
 * request runs (aria-disabled, so the focus is not lost), says that it is busy, and shows why it failed.
 * Sign out and sign out everywhere differ only in their request and their words.
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { ApiErrorText } from '../../../components/api-error-text.tsx';

export interface SignOutActionProps {
  signOut: Pick<UseMutationResult<void, Error, void>, 'isPending' | 'isError' | 'error' | 'mutate'>;
  label: string;
  pendingLabel: string;
  className?: string;
}

export function SignOutAction({ signOut, label, pendingLabel, className = 'button button--secondary' }: SignOutActionProps) {
  return (
    <>
      <button
        type="button"
        className={className}
        aria-disabled={signOut.isPending}
        onClick={() => {
          if (!signOut.isPending) signOut.mutate();
        }}
      >
        {signOut.isPending ? pendingLabel : label}
      </button>
      {signOut.isError ? (
        <span className="sign-out__error" role="alert">
          <ApiErrorText error={signOut.error} />
        </span>
      ) : null}
    </>
  );
}

/**
 * A form for one action on a record (adjust a gift card, refund an order, decline a request…), in a dialog
 * or on a page: its fields, then the refusal in words (an alert) and the one button that acts.
 *
 *   <ActionForm onSubmit={form.handleSubmit((values) => change.mutate(values))} error={change.error}
 *     pending={change.isPending} submitLabel={t('giftCards.adjustSubmit')}>…fields…</ActionForm>
 */
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-message.ts';

export function ActionForm({
  onSubmit,
  error,
  pending,
  submitLabel,
  browserChecks = false,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The action's failure, if it failed. */
  error: unknown;
  /** The button is disabled meanwhile (and while the form cannot act yet). */
  pending: boolean;
  submitLabel: string;
  /** The browser's own checks of `required` and the like, for a form without a schema. */
  browserChecks?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('backoffice');
  return (
    <form className="bo-form" noValidate={!browserChecks} onSubmit={onSubmit}>
      {children}
      {error ? (
        <p role="alert" className="bo-alert">
          {errorText(t, error)}
        </p>
      ) : null}
      <button type="submit" className="bo-button bo-button--primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}

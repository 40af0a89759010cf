/**
 * Refund part of an order (some tickets, an amount) or cancel it with a refund. The amount is
 * checked with the API's own body schema and never above what is still refundable; the request
 * carries ONE key per opening of the dialog, so a double click (or a retry after a lost answer)
 * refunds once. A refusal (409 REFUND_EXCEEDS_PAID…) stays in the dialog, in words.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { deskRefundBodySchema, type DeskOrder } from '#domain/contracts/backoffice-orders.schema.ts';
import { toAmount, toCents } from '#domain/money.ts';
import { refundOrder, useRefund, type RefundAnswer, type RefundBody } from '../../api/orders.ts';
import { ActionForm } from '../../ui/action-form.tsx';
import { Modal } from '../../../components/modal.tsx';
import { InlineField, StackedField } from '../../../components/field-parts.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';

/** The refund's form: the API's body rules, and the amount at most `refundable`. */
export function refundFormSchema(refundable: number) {
  const { amount, cancel, reason } = deskRefundBodySchema.shape;
  return z.object({ amount: amount.max(refundable, 'tooMuch'), cancel, reason });
}
type RefundForm = z.input<ReturnType<typeof refundFormSchema>>;
type RefundValues = z.output<ReturnType<typeof refundFormSchema>>;

/** A key for one opening of the dialog (the API's pattern: 8–100 of A–Z a–z 0–9 _ -). */
function refundKey(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return `desk-${crypto.randomUUID()}`;
  return `desk-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export function RefundDialog({
  order,
  onClose,
  onDone,
  submit = refundOrder(order.number),
  initial,
}: {
  order: DeskOrder;
  onClose: () => void;
  onDone: (answer: RefundAnswer) => void;
  /** Where the refund goes (the refund-request inbox accepts through its own route). */
  submit?: (body: RefundBody) => Promise<RefundAnswer>;
  initial?: { cancel?: boolean };
}) {
  const { t } = useTranslation(['backoffice-orders', 'backoffice']);
  const format = useShopFormatting();
  const [key] = useState(refundKey);
  const valid = order.tickets.filter((ticket) => ticket.refunded_at === null).map((ticket) => ticket.position);
  const [chosen, setChosen] = useState<number[]>([]);
  const refundable = order.refundable;
  // Evenly: what is left to give back shared over the tickets still valid.
  const perTicketCents = valid.length > 0 ? Math.floor(toCents(refundable) / valid.length) : 0;
  const schema = refundFormSchema(refundable);
  const form = useForm<RefundForm, unknown, RefundValues>({
    resolver: zodResolver(schema),
    defaultValues: { amount: initial?.cancel ? refundable : 0, cancel: initial?.cancel ?? false, reason: '' },
  });
  const cancel = useWatch({ control: form.control, name: 'cancel' });
  const refund = useRefund(submit, { onSuccess: (answer) => onDone(answer) });

  function toggle(position: number, on: boolean) {
    const next = on ? [...chosen, position].sort((a, b) => a - b) : chosen.filter((value) => value !== position);
    setChosen(next);
    const suggested = next.length === valid.length ? toCents(refundable) : next.length * perTicketCents;
    form.setValue('amount', toAmount(Math.min(suggested, toCents(refundable))), { shouldValidate: true });
  }

  const amountError = form.formState.errors.amount;
  return (
    <Modal open title={t('refund.title', { number: order.number })} closeLabel={t('close')} onClose={onClose}>
      <ActionForm
        onSubmit={form.handleSubmit((values) => refund.mutate({ ...values, tickets: values.cancel ? [] : chosen, key }))}
        error={refund.error}
        pending={refund.isPending}
        submitLabel={cancel ? t('refund.submitCancel') : t('refund.submit')}
      >
        <p>{t('refund.left', { amount: format.money(refundable, order.currency), paid: format.money(order.payment?.amount ?? 0, order.currency) })}</p>
        <InlineField label={t('refund.cancel')} hint={t('refund.cancelHint')}>
          {(props) => (
            <input
              {...props}
              type="checkbox"
              {...form.register('cancel', {
                onChange: (event: { target: { checked: boolean } }) => {
                  if (event.target.checked) form.setValue('amount', refundable, { shouldValidate: true });
                },
              })}
            />
          )}
        </InlineField>
        {!cancel && valid.length > 0 ? (
          <fieldset className="bo-slots">
            <legend>{t('refund.tickets')}</legend>
            {valid.map((position) => (
              <InlineField key={position} label={t('refund.ticket', { position })}>
                {(props) => (
                  <input {...props} type="checkbox" checked={chosen.includes(position)} onChange={(event) => toggle(position, event.target.checked)} />
                )}
              </InlineField>
            ))}
          </fieldset>
        ) : null}
        <StackedField
          label={t('refund.amount')}
          hint={t('refund.amountHint', { amount: format.money(refundable, order.currency) })}
          error={
            amountError
              ? amountError.message === 'tooMuch'
                ? t('refund.tooMuch', { amount: format.money(refundable, order.currency) })
                : t('refund.badAmount')
              : undefined
          }
        >
          {(props) => (
            <input {...props} type="number" inputMode="decimal" min={0} max={refundable} step="0.01" {...form.register('amount', { valueAsNumber: true })} />
          )}
        </StackedField>
        <StackedField label={t('refund.reason')}>{(props) => <textarea {...props} maxLength={500} {...form.register('reason')} />}</StackedField>
      </ActionForm>
    </Modal>
  );
}

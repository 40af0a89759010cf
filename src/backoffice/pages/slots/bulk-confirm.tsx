/**
 * A bulk change asked before it is done: the server's preview in words (how many slots change, the
 * bookings that stay valid, the slots a capacity cannot go below) in the confirmation, then the apply.
 * A preview with refusals cannot be confirmed; the apply refuses whole anyway if the places moved meanwhile.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SlotBulkPlan } from '#domain/contracts/schedules.schema.ts';
import type { SlotBulkRequest } from '#domain/schedule/slot-bulk.ts';
import { bulkPreviewQuery, useApplyBulk } from '../../api/schedules.ts';
import { errorText } from '../../../lib/error-message.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { slotWhen } from './slot-words.ts';

export function BulkConfirm({
  request,
  title,
  confirmLabel,
  nameOf,
  onCancel,
  onDone,
}: {
  request: SlotBulkRequest;
  title: string;
  confirmLabel: string;
  nameOf: (id: number) => string;
  onCancel: () => void;
  onDone: (plan: SlotBulkPlan) => void;
}) {
  const { t } = useTranslation('backoffice-schedules');
  const format = useShopFormatting();
  const preview = useQuery(bulkPreviewQuery(request));
  const apply = useApplyBulk({ onSuccess: onDone });
  const plan = preview.data;
  const nothing = plan !== undefined && plan.changes.length === 0 && plan.refusals.length === 0;
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      pending={apply.isPending}
      error={apply.error}
      disabled={!plan || nothing || plan.refusals.length > 0}
      onCancel={onCancel}
      onConfirm={() => apply.mutate(request)}
    >
      {preview.isPending ? <p role="status">{t('calendar.previewing')}</p> : null}
      {preview.error ? <p role="alert">{errorText(t, preview.error)}</p> : null}
      {plan ? (
        <div aria-live="polite">
          <p>{nothing ? t('calendar.bulk.nothing') : t('calendar.bulk.changes', { count: plan.changes.length, of: plan.slots })}</p>
          {plan.changes.length > 0 ? (
            <p>
              {plan.bookings.places > 0
                ? t('calendar.bulk.bookingsStay', { count: plan.bookings.places, orders: plan.bookings.orders })
                : t('calendar.bulk.noBookings')}
            </p>
          ) : null}
          {plan.refusals.length > 0 ? (
            <>
              <p className="bo-alert">{t('calendar.bulk.refused', { count: plan.refusals.length })}</p>
              <ul>
                {plan.refusals.slice(0, 10).map((slot) => (
                  <li key={slot.id}>{t('calendar.bulk.refusal', { product: nameOf(slot.productId), when: slotWhen(t, format, slot), count: slot.taken })}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </ConfirmDialog>
  );
}

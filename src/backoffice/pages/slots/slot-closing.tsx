/**
 * Closing one slot: asked first ("Close 10:00 on Tue 10 Dec 2026? 2 bookings stay valid"), then done, with
 * an undo (opening it again) beside the outcome; opening a closed slot acts at once (nothing is lost).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarSlot } from '#domain/contracts/schedules.schema.ts';
import { errorText } from '../../../lib/error-message.ts';
import { useSetSlotClosed } from '../../api/schedules.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { slotWhen } from './slot-words.ts';

export function useSlotClosing(setNotice: (text: string | null) => void) {
  const { t } = useTranslation('backoffice-schedules');
  const format = useShopFormatting();
  const [asking, setAsking] = useState<CalendarSlot | null>(null);
  const [closed, setClosed] = useState<CalendarSlot | null>(null);
  const change = useSetSlotClosed({ onError: (error) => setNotice(errorText(t, error)) });
  const when = (slot: CalendarSlot) => slotWhen(t, format, slot);
  return {
    asking,
    closed,
    busy: change.isPending,
    error: change.error,
    when,
    ask: (slot: CalendarSlot) => {
      change.reset();
      setAsking(slot);
    },
    cancel: () => setAsking(null),
    confirm: (slot: CalendarSlot) =>
      change.mutate(
        { slot, closed: true },
        {
          onSuccess: (affected) => {
            setAsking(null);
            setClosed(slot);
            setNotice(t('calendar.slotClosed', { when: when(slot), count: affected.orders }));
          },
        },
      ),
    reopen: (slot: CalendarSlot) =>
      change.mutate(
        { slot, closed: false },
        {
          onSuccess: () => {
            setClosed(null);
            setNotice(t('calendar.slotOpened', { when: when(slot) }));
          },
        },
      ),
  };
}

export function SlotClosing({ state }: { state: ReturnType<typeof useSlotClosing> }) {
  const { t } = useTranslation('backoffice-schedules');
  const { asking, closed } = state;
  return (
    <>
      {closed ? (
        <p className="bo-toolbar">
          <button type="button" className="bo-button" disabled={state.busy} onClick={() => state.reopen(closed)}>
            {t('calendar.undoClose', { when: state.when(closed) })}
          </button>
        </p>
      ) : null}
      {asking ? (
        <ConfirmDialog
          title={t('calendar.closeQuestion', { when: state.when(asking) })}
          confirmLabel={t('calendar.closeSlot', { when: state.when(asking) })}
          pending={state.busy}
          error={state.error}
          onCancel={state.cancel}
          onConfirm={() => state.confirm(asking)}
        >
          <p>
            {asking.orderCount > 0 ? t('calendar.bookingsStay', { count: asking.orderCount, places: asking.sold + asking.held }) : t('calendar.noBookingsYet')}
          </p>
          <p>{t('calendar.closeMeans')}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/**
 * Move a booking to another slot: pick a day range and a slot of the product (with its free places),
 * see the quote (the price at the new slot and the difference; the order keeps what it paid), then
 * confirm. The API moves through the capacity guard: a slot that filled meanwhile is refused in words.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeskOrder } from '#domain/contracts/backoffice-orders.schema.ts';
import { moveSlotsQuery, movePlanQuery, useMoveOrder, type MovePlan } from '../../api/orders.ts';
import { organisationQuery } from '../../../lib/api/organisation.ts';
import { errorText } from '../../../lib/error-message.ts';
import { Modal } from '../../../components/modal.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function MoveDialog({ order, onClose, onDone }: { order: DeskOrder; onClose: () => void; onDone: (plan: MovePlan) => void }) {
  const { t, i18n } = useTranslation(['backoffice-orders', 'backoffice']);
  const format = useShopFormatting();
  // From today in the shop's timezone (a booking is moved ahead, wherever it is now).
  const timezone = useQuery(organisationQuery(i18n.language)).data?.timezone;
  const [chosenFrom, setFrom] = useState<string | null>(null);
  const from = chosenFrom ?? new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const until = addDays(from, 13);
  const [plot, setPlot] = useState<number | null>(null);
  const slots = useQuery(moveSlotsQuery(order.number, from, until));
  const quote = useQuery(movePlanQuery(order.number, plot));
  const move = useMoveOrder(order.number, { onSuccess: (plan) => onDone(plan) });

  return (
    <Modal open title={t('move.title', { number: order.number })} closeLabel={t('close')} onClose={onClose}>
      <div className="bo-form">
        <p>{t('move.now', { date: order.plot ? format.day(order.plot.date) : '', time: order.plot?.start?.slice(0, 5) ?? '', count: order.quantity })}</p>
        <StackedField label={t('move.from')} hint={t('move.fromHint')}>
          {(props) => (
            <input
              {...props}
              type="date"
              value={from}
              onChange={(event) => {
                if (event.target.value) setFrom(event.target.value);
                setPlot(null);
              }}
            />
          )}
        </StackedField>
        {slots.error ? <p role="alert">{errorText(t, slots.error)}</p> : null}
        {slots.isPending ? <p role="status">{t('move.loading')}</p> : null}
        {slots.data && slots.data.length === 0 ? <p>{t('move.none')}</p> : null}
        {slots.data && slots.data.length > 0 ? (
          <fieldset className="bo-slots">
            <legend>{t('move.slot')}</legend>
            {slots.data.map((slot) => {
              const current = slot.id === order.plot?.id;
              const full = slot.closed || (slot.free !== null && slot.free < order.quantity);
              const free = slot.free === null ? t('move.unlimited') : t('move.free', { count: slot.free });
              return (
                <label key={slot.id}>
                  <input type="radio" name="slot" value={slot.id} checked={plot === slot.id} disabled={current || full} onChange={() => setPlot(slot.id)} />
                  <span>
                    {format.day(slot.date)} {slot.startTime?.slice(0, 5) ?? ''} · {current ? t('move.current') : slot.closed ? t('move.closed') : free}
                  </span>
                </label>
              );
            })}
          </fieldset>
        ) : null}
        <div aria-live="polite">
          {quote.data ? (
            <p>
              {t('move.quote', { total: format.money(quote.data.total, order.currency), newTotal: format.money(quote.data.new_total, order.currency) })}{' '}
              <strong>{t('move.difference', { amount: format.money(quote.data.difference, order.currency) })}</strong>
            </p>
          ) : null}
          {quote.error ? (
            <p role="alert" className="bo-alert">
              {errorText(t, quote.error)}
            </p>
          ) : null}
        </div>
        {move.error ? (
          <p role="alert" className="bo-alert">
            {errorText(t, move.error)}
          </p>
        ) : null}
        <button
          type="button"
          className="bo-button bo-button--primary"
          disabled={!quote.data || move.isPending}
          onClick={() => plot !== null && move.mutate(plot)}
        >
          {t('move.confirm')}
        </button>
      </div>
    </Modal>
  );
}

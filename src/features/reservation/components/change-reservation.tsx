/**
 * "Change reservation" (spec sections 2 and 6: only for exactly one reservation that allows it):
 * another date and time, or another number of tickets, from the product's listed slots. The
 * server gives the old places back and takes the new ones in one transaction.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/alert.tsx';
import { ApiErrorText } from '../../../components/api-error-text.tsx';
import { SelectField } from '../../../components/customer-form/select-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import type { ReservationResponse } from '../../../domain/contracts/reservation.ts';
import type { PlotOrder } from '../../../domain/plot-query.ts';
import { usePlots } from '../../../lib/api/plots.ts';
import { formatDay } from '../../../lib/format.ts';
import { useChangeReservation } from '../api/change-reservation.ts';

function orderOf(answer: ReservationResponse, quantity: number): PlotOrder {
  const audiences = answer.product.audiences.filter((audience) => audience.quantity > 0);
  return audiences.length > 0 ? { audiences: audiences.map(({ id, quantity: count }) => ({ id, quantity: count })) } : { quantity };
}

export function ChangeReservation({ answer, onChanged }: { answer: ReservationResponse; onChanged(): void }) {
  const { t, i18n } = useTranslation('reservation');
  const [open, setOpen] = useState(false);
  const [quantity, setQuantity] = useState(answer.product.quantity);
  const [plot, setPlot] = useState<number | null>(null);
  const withAudiences = answer.product.audiences.some((audience) => audience.quantity > 0);
  const plots = usePlots(answer.product.id, orderOf(answer, quantity), open);
  const change = useChangeReservation(answer.reservation.hash);

  if (!open) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {t('overview.change.button')}
      </button>
    );
  }
  const choices = (plots.data ?? []).filter((choice) => choice.selectable || choice.id === answer.product.plot?.id);
  const label = (choice: (typeof choices)[number]) =>
    `${formatDay(choice.date, i18n.language)}, ${choice.time.start ? `${choice.time.start}${choice.time.end ? ` – ${choice.time.end}` : ''}` : t('card.allDay')}`;
  const submit = () => {
    if (plot === null) return;
    change.mutate({ plot, ...(withAudiences ? {} : { quantity }) }, { onSuccess: () => (setOpen(false), onChanged()) });
  };
  return (
    <section aria-labelledby="reservation-change" className="stack">
      <h3 id="reservation-change">{t('overview.change.heading')}</h3>
      {withAudiences ? null : (
        <TextField
          label={t('overview.change.quantity')}
          type="number"
          min={1}
          value={quantity}
          onChange={(event) => setQuantity(Math.max(1, Number(event.target.value) || 1))}
        />
      )}
      <SelectField
        label={t('overview.change.slot')}
        placeholder={t('overview.change.choose')}
        options={choices.map((choice) => ({ value: String(choice.id), label: label(choice) }))}
        value={plot === null ? '' : String(plot)}
        onChange={(event) => setPlot(event.target.value ? Number(event.target.value) : null)}
      />
      {change.isError ? (
        <Alert tone="danger">
          <ApiErrorText error={change.error} />
        </Alert>
      ) : null}
      <div className="actions">
        <button type="button" className="button button--primary" disabled={plot === null || change.isPending} onClick={submit}>
          {t('overview.change.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
          {t('overview.edit.cancel')}
        </button>
      </div>
    </section>
  );
}

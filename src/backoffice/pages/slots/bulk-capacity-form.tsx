/** A range's capacity changed at once: from, until, the new capacity (empty: unlimited); what will change is shown before it is done. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_CAPACITY } from '#domain/schedule/schedule-rules.ts';
import { StackedField } from '../../../components/field-parts.tsx';

export function BulkCapacityForm({
  from: initialFrom,
  until: initialUntil,
  today,
  onPreview,
}: {
  from: string;
  until: string;
  today: string;
  onPreview: (range: { from: string; until: string }, capacity: number | null) => void;
}) {
  const { t } = useTranslation('backoffice-schedules');
  const [from, setFrom] = useState(initialFrom);
  const [until, setUntil] = useState(initialUntil);
  const [capacity, setCapacity] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const number = capacity.trim() === '' ? null : Number(capacity);
    if (number !== null && (!Number.isInteger(number) || number < 0 || number > MAX_CAPACITY)) return setProblem(t('calendar.bulk.capacityProblem'));
    if (from < today) return setProblem(t('calendar.bulk.fromProblem'));
    if (until < from) return setProblem(t('calendar.bulk.untilProblem'));
    setProblem(null);
    onPreview({ from, until }, number);
  };
  return (
    <form className="bo-form" aria-label={t('calendar.bulk.capacityHeading')} onSubmit={submit} noValidate>
      <h2>{t('calendar.bulk.capacityHeading')}</h2>
      <StackedField label={t('calendar.bulk.from')}>
        {(aria) => <input {...aria} type="date" min={today} value={from} onChange={(event) => setFrom(event.target.value)} />}
      </StackedField>
      <StackedField label={t('calendar.bulk.until')}>
        {(aria) => <input {...aria} type="date" min={from} value={until} onChange={(event) => setUntil(event.target.value)} />}
      </StackedField>
      <StackedField label={t('calendar.bulk.capacity')} hint={t('calendar.bulk.capacityHint')} error={problem}>
        {(aria) => <input {...aria} type="number" min={0} inputMode="numeric" value={capacity} onChange={(event) => setCapacity(event.target.value)} />}
      </StackedField>
      <button type="submit" className="bo-button bo-button--primary">
        {t('calendar.bulk.preview')}
      </button>
    </form>
  );
}

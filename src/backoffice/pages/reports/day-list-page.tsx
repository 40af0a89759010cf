/**
 * The day list (box office and up; issue 21 item 4): a day's slots with sold / held / free and who is
 * coming — names, quantities per audience, extras, the organisation's fields and check-ins — from GET
 * /day-list, printable (backoffice.css @media print leaves the lists alone on paper) and as CSV (GET
 * /day-list.csv, cells made inert against formula injection on the server).
 */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayList, DayListSlot } from '#domain/contracts/reports.schema.ts';
import { dayListCsvUrl, dayListQuery } from '../../api/reports.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { StackedField } from '../../../components/field-parts.tsx';

type Attendee = DayListSlot['attendees'][number];
const column = createColumnHelper<TableFeatures, Attendee>();

/** Today in the browser's calendar, YYYY-MM-DD. */
export function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const listed = (items: Array<{ name: string; quantity: number }>) => items.map((item) => `${item.quantity} × ${item.name}`).join(', ');

export default function DayListPage() {
  const { t } = useTranslation(['backoffice-reports', 'backoffice']);
  const [date, setDate] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const list = useQuery(dayListQuery(date, valid));

  return (
    <div className="bo-day-list">
      <PageHeading title={t('dayList.title')}>{t('dayList.title')}</PageHeading>
      <div className="bo-toolbar bo-no-print">
        <StackedField label={t('dayList.date')}>
          {(props) => <input {...props} type="date" value={date} required onChange={(event) => setDate(event.target.value)} />}
        </StackedField>
        <button type="button" className="bo-button" onClick={() => window.print()}>
          {t('dayList.print')}
        </button>
        {valid ? (
          <a className="bo-button" href={dayListCsvUrl(date)} download={`day-list-${date}.csv`}>
            {t('dayList.csv')}
          </a>
        ) : null}
      </div>
      {list.error ? <p role="alert">{errorText(t, list.error)}</p> : null}
      {list.isFetching && !list.data ? <p>{t('dayList.loading')}</p> : null}
      {list.data ? (
        list.data.slots.length === 0 ? (
          <p className="bo-empty">{t('dayList.noSlots', { date: list.data.date })}</p>
        ) : (
          list.data.slots.map((slot) => <SlotList key={slot.plot_id} slot={slot} fields={list.data.fields} />)
        )
      ) : null}
    </div>
  );
}

function SlotList({ slot, fields }: { slot: DayListSlot; fields: DayList['fields'] }) {
  const { t } = useTranslation('backoffice-reports');
  const time = slot.start ? `${slot.start}${slot.end ? `–${slot.end}` : ''}` : t('dayList.allDay');
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('order_number', { header: () => t('dayList.order') }),
        column.accessor('name', { header: () => t('dayList.name') }),
        column.accessor('email', { header: () => t('dayList.email') }),
        column.accessor('quantity', { header: () => t('dayList.quantity') }),
        column.accessor((row) => listed(row.audiences), { id: 'audiences', header: () => t('dayList.audiences') }),
        column.accessor((row) => listed(row.extras), { id: 'extras', header: () => t('dayList.extras') }),
        ...fields.map((field) =>
          column.accessor(
            (row) => {
              const value = row.fields[field.name];
              if (value === null || value === undefined) return '';
              if (typeof value === 'boolean') return value ? t('dayList.yes') : t('dayList.no');
              return String(value);
            },
            { id: `field-${field.name}`, header: () => field.label },
          ),
        ),
        column.accessor((row) => `${row.checked_in}/${row.quantity}`, { id: 'checked_in', header: () => t('dayList.checkedIn') }),
        column.accessor('status', {
          header: () => t('dayList.status'),
          cell: (info) => t(`dayList.statuses.${info.getValue()}`, { defaultValue: info.getValue() }),
        }),
      ]),
    [t, fields],
  );
  return (
    <section className="bo-day-slot" aria-labelledby={`slot-${slot.plot_id}`}>
      <h2 id={`slot-${slot.plot_id}`}>
        {time} · {slot.product}
      </h2>
      <p className="bo-day-slot__figures">
        {t('dayList.sold', { count: slot.sold })} · {t('dayList.held', { count: slot.held })} ·{' '}
        {slot.free === null ? t('dayList.unlimited') : t('dayList.free', { count: slot.free, capacity: slot.capacity })}
      </p>
      <DataTable
        caption={t('dayList.caption', { time, product: slot.product, count: slot.attendees.length })}
        columns={columns}
        data={slot.attendees}
        empty={t('dayList.noAttendees')}
        rowKey={(row) => String(row.order_number)}
      />
    </section>
  );
}

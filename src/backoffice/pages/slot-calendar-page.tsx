/** A product's slot calendar (issue 20 item 4): every slot of a month with sold, held and free places; edit one's terms, close or open it. */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CalendarSlot } from '#domain/contracts/schedules.schema.ts';
import { normaliseLanguage, translate, type Language } from '#domain/languages.ts';
import { productsQuery } from '../api/products.ts';
import { schedulesQuery, slotsQuery, useToggleSlotClosed } from '../api/schedules.ts';
import { errorText } from '../../lib/error-message.ts';
import { PageHeading } from '../page-heading.tsx';
import { SlotTermsForm } from './slot-terms-form.tsx';

const monthEnd = (month: string) => {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
};

export default function SlotCalendarPage() {
  const { t, i18n } = useTranslation(['backoffice-schedules', 'backoffice-sales']);
  const productField = useId();
  const monthField = useId();
  const [product, setProduct] = useState<number | null>(null);
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const [notice, setNotice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [editing, setEditing] = useState<CalendarSlot | null>(null);

  const products = useQuery(schedulesQuery());
  // Names for the picker (the same roles read the catalogue); without them, the products' numbers.
  const catalogue = useQuery(productsQuery());
  const reader: Language = normaliseLanguage(i18n.language) ?? 'en';
  const nameOf = (id: number) => {
    const row = catalogue.data?.find((product) => product.id === id);
    const title = row ? (translate(row.texts, reader, 'en').title ?? row.slug) : null;
    return title ? t('productNamed', { id, title }) : t('productNumber', { id });
  };
  const chosen = product ?? products.data?.[0]?.productId ?? null;
  const range = { from: `${month}-01`, until: monthEnd(month) };
  const slots = useQuery(slotsQuery(chosen, range.from, range.until));
  const closing = useToggleSlotClosed(chosen, {
    onSuccess: (affected, slot) => setNotice(t(slot.closed ? 'opened' : 'closed', { count: affected.places, orders: affected.orders })),
    onError: (error) => setNotice(errorText(t, error)),
  });

  return (
    <>
      <PageHeading title={t('title')}>{t('title')}</PageHeading>
      <div className="bo-toolbar">
        <label htmlFor={productField}>{t('product')}</label>
        <select id={productField} value={chosen ?? ''} onChange={(event) => setProduct(Number(event.target.value))}>
          {(products.data ?? []).map((row) => (
            <option key={row.productId} value={row.productId}>
              {nameOf(row.productId)}
            </option>
          ))}
        </select>
        <label htmlFor={monthField}>{t('month')}</label>
        <input id={monthField} type="month" value={month} onChange={(event) => event.target.value && setMonth(event.target.value)} />
      </div>
      {chosen !== null ? (
        <p>
          <Link to={`/schedules/${chosen}`}>{t('editSchedule')}</Link>
        </p>
      ) : null}
      <p role="status">{notice}</p>
      <p role="alert" className={refusal ? 'bo-alert' : 'bo-notice'}>
        {refusal}
      </p>
      {editing && chosen !== null ? (
        <SlotTermsForm
          key={editing.id}
          productId={chosen}
          slot={editing}
          onSaved={() => {
            setEditing(null);
            setRefusal(null);
            setNotice(t('slotEdit.saved'));
          }}
          onCancel={() => {
            setEditing(null);
            setRefusal(null);
          }}
          onRefused={(text) => {
            setNotice(null);
            setRefusal(text || null);
          }}
        />
      ) : null}
      {slots.isError ? <p role="alert">{errorText(t, slots.error)}</p> : null}
      {slots.data && slots.data.length === 0 ? <p>{t('empty')}</p> : null}
      {slots.data && slots.data.length > 0 ? (
        <table>
          <caption>{t('caption', { count: slots.data.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('date')}</th>
              <th scope="col">{t('time')}</th>
              <th scope="col">{t('capacity')}</th>
              <th scope="col">{t('sold')}</th>
              <th scope="col">{t('held')}</th>
              <th scope="col">{t('free')}</th>
              <th scope="col">{t('state')}</th>
              <th scope="col">{t('backoffice-sales:waitlist.column')}</th>
            </tr>
          </thead>
          <tbody>
            {slots.data.map((slot) => (
              <tr key={slot.id}>
                <td>{slot.date}</td>
                <td>{slot.startTime === null ? t('allDay') : `${slot.startTime.slice(0, 5)}–${(slot.endTime ?? '').slice(0, 5)}`}</td>
                <td>{slot.capacity ?? t('unlimited')}</td>
                <td>{slot.sold}</td>
                <td>{slot.held}</td>
                <td>{slot.free ?? t('unlimited')}</td>
                <td>
                  <button
                    type="button"
                    className="bo-button"
                    onClick={() => {
                      setRefusal(null);
                      setEditing(slot);
                    }}
                  >
                    {t('editSlot', { date: slot.date, time: slot.startTime?.slice(0, 5) ?? t('allDay') })}
                  </button>{' '}
                  <button type="button" disabled={closing.isPending} onClick={() => closing.mutate(slot)}>
                    {slot.closed ? t('open', { date: slot.date }) : t('close', { date: slot.date })}
                  </button>
                </td>
                <td>
                  <Link to={`/slots/waitlist/${chosen}/${slot.id}`}>
                    {t('backoffice-sales:waitlist.open', { date: slot.date, time: slot.startTime?.slice(0, 5) ?? '' })}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

/**
 * The slot calendar (issue 38 item 2): a month or a week, of one product or all, each day's slots with sold,
 * held and free at a glance; filtered by state; a day opened for its slots and their actions; bulk changes
 * (close or open a day, a range's capacity) shown before they are done. Closing one slot asks first and can
 * be undone from its notice. Fits 412 px without sideways scrolling; every action is a button or link.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CalendarSlot } from '#domain/contracts/schedules.schema.ts';
import { formatMonth } from '#domain/date-text.ts';
import type { SlotBulkRequest } from '#domain/schedule/slot-bulk.ts';
import { organisationQuery } from '../../../lib/api/organisation.ts';
import { errorText } from '../../../lib/error-message.ts';
import { calendarQuery, schedulesQuery } from '../../api/schedules.ts';
import { PageHeading } from '../../page-heading.tsx';
import { useProductNames } from '../../ui/use-product-names.ts';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { BulkCapacityForm } from './bulk-capacity-form.tsx';
import { BulkConfirm } from './bulk-confirm.tsx';
import { byDay, matchesFilter, SLOT_FILTERS, stepAnchor, viewRange, type CalendarView, type SlotFilter } from './calendar-range.ts';
import { DayDetail } from './day-detail.tsx';
import { MonthGrid } from './month-grid.tsx';
import { SlotClosing, useSlotClosing } from './slot-closing.tsx';
import { SlotTermsForm } from './slot-terms-form.tsx';
import { WeekList } from './week-list.tsx';

const todayIn = (timezone: string | undefined) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

interface PendingBulk {
  request: SlotBulkRequest;
  title: string;
  confirmLabel: string;
}

export default function SlotCalendarPage() {
  const { t, i18n } = useTranslation(['backoffice-schedules', 'backoffice']);
  const ids = { product: useId(), view: useId(), filter: useId() };
  const format = useShopFormatting();
  const timezone = useQuery(organisationQuery(i18n.language)).data?.timezone;
  const today = todayIn(timezone);
  const [productId, setProductId] = useState<number | null>(null);
  const [view, setView] = useState<CalendarView>('month');
  const [filter, setFilter] = useState<SlotFilter>('all');
  const [anchor, setAnchor] = useState<string | null>(null);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [editing, setEditing] = useState<CalendarSlot | null>(null);
  const [bulk, setBulk] = useState<PendingBulk | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { nameOf } = useProductNames();
  const schedules = useQuery(schedulesQuery());
  const at = anchor ?? today;
  const range = viewRange(view, at);
  const calendar = useQuery(calendarQuery(productId, range.from, range.until));
  const days = byDay((calendar.data ?? []).filter((slot) => matchesFilter(slot, filter)));
  const closing = useSlotClosing(setNotice);
  const productName = productId === null ? t('calendar.allProducts') : nameOf(productId);
  const title = view === 'month' ? formatMonth(at.slice(0, 7), i18n.language) : t('calendar.weekOf', { day: format.day(range.from) });

  const setDayClosed = (day: string, closed: boolean) =>
    setBulk({
      request: { productId, from: day, until: day, action: { kind: closed ? 'close' : 'open' } },
      title: t(closed ? 'calendar.closeDayQuestion' : 'calendar.openDayQuestion', { day: format.day(day), product: productName }),
      confirmLabel: t(closed ? 'calendar.closeDay' : 'calendar.openDay', { day: format.day(day) }),
    });

  return (
    <>
      <PageHeading title={t('title')}>{t('title')}</PageHeading>
      <div className="bo-toolbar bo-calendar-filters">
        <label htmlFor={ids.product}>{t('product')}</label>
        <select id={ids.product} value={productId ?? ''} onChange={(event) => setProductId(event.target.value === '' ? null : Number(event.target.value))}>
          <option value="">{t('calendar.allProducts')}</option>
          {(schedules.data ?? []).map((row) => (
            <option key={row.productId} value={row.productId}>
              {nameOf(row.productId)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.view}>{t('calendar.view')}</label>
        <select id={ids.view} value={view} onChange={(event) => setView(event.target.value as CalendarView)}>
          <option value="month">{t('calendar.month')}</option>
          <option value="week">{t('calendar.week')}</option>
        </select>
        <label htmlFor={ids.filter}>{t('calendar.filter')}</label>
        <select id={ids.filter} value={filter} onChange={(event) => setFilter(event.target.value as SlotFilter)}>
          {SLOT_FILTERS.map((value) => (
            <option key={value} value={value}>
              {t(`calendar.filters.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <nav className="bo-toolbar bo-calendar-nav" aria-label={t('calendar.periods')}>
        <button type="button" className="bo-button" onClick={() => setAnchor(stepAnchor(view, at, -1))}>
          {t(view === 'month' ? 'calendar.previousMonth' : 'calendar.previousWeek')}
        </button>
        <button type="button" className="bo-button" onClick={() => setAnchor(null)}>
          {t('calendar.today')}
        </button>
        <button type="button" className="bo-button" onClick={() => setAnchor(stepAnchor(view, at, 1))}>
          {t(view === 'month' ? 'calendar.nextMonth' : 'calendar.nextWeek')}
        </button>
      </nav>
      <h2 className="bo-calendar-title">
        {title} · {productName}
      </h2>
      {productId !== null ? (
        <p>
          <Link to={`/schedules/${productId}`}>{t('editSchedule')}</Link>
        </p>
      ) : null}
      <SlotClosing state={closing} />
      <p role="status" className="bo-notice">
        {notice}
      </p>
      {refusal ? (
        <p role="alert" className="bo-alert">
          {refusal}
        </p>
      ) : null}
      {calendar.isError ? <p role="alert">{errorText(t, calendar.error)}</p> : null}
      {calendar.isPending ? <p role="status">{t('backoffice:shell.loading')}</p> : null}
      {calendar.data && view === 'month' ? <MonthGrid range={range} days={days} openDay={openDay} onOpen={setOpenDay} /> : null}
      {calendar.data && view === 'week' ? <WeekList range={range} days={days} nameOf={productId === null ? nameOf : null} onOpen={setOpenDay} /> : null}
      {openDay && calendar.data ? (
        <DayDetail
          day={openDay}
          slots={days.get(openDay) ?? []}
          nameOf={productId === null ? nameOf : null}
          past={openDay < today}
          busy={closing.busy}
          actions={{
            editSlot: (slot) => {
              setRefusal(null);
              setEditing(slot);
            },
            closeSlot: closing.ask,
            openSlot: closing.reopen,
            setDayClosed,
          }}
          onHide={() => setOpenDay(null)}
        />
      ) : null}
      {editing ? (
        <SlotTermsForm
          key={editing.id}
          productId={editing.productId}
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
      {view === 'month' && range.until >= today ? (
        <BulkCapacityForm
          key={`${range.from}-${productId ?? 'all'}`}
          from={range.from < today ? today : range.from}
          until={range.until}
          today={today}
          onPreview={(period, capacity) =>
            setBulk({
              request: { productId, ...period, action: { kind: 'capacity', capacity } },
              title: t('calendar.bulk.capacityQuestion', {
                product: productName,
                from: format.day(period.from),
                until: format.day(period.until),
                capacity: capacity ?? t('unlimited'),
              }),
              confirmLabel: t('calendar.bulk.apply'),
            })
          }
        />
      ) : null}
      {bulk ? (
        <BulkConfirm
          request={bulk.request}
          title={bulk.title}
          confirmLabel={bulk.confirmLabel}
          nameOf={nameOf}
          onCancel={() => setBulk(null)}
          onDone={(plan) => {
            setBulk(null);
            setNotice(t('calendar.bulk.done', { count: plan.changes.length, places: plan.bookings.places }));
          }}
        />
      ) : null}
    </>
  );
}

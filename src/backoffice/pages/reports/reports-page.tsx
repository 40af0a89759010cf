/**
 * Reports (owner and manager; issue 21 item 6) over a chosen period, from GET /reports: sales and
 * visitors per day as a chart (recharts, loaded with this page only) with the same figures in a table
 * beside it for those who would rather read or use a screen reader; sales per product and per channel,
 * slot occupancy and gift-card liability (issued, spent, outstanding) as tables; and the period's
 * orders as CSV (GET /reports/orders.csv, streamed by the server).
 */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SalesReport } from '#domain/contracts/reports.schema.ts';
import { periodTooLong, REPORT_MAX_DAYS } from '#domain/backoffice/report-period.ts';
import { ordersCsvUrl, salesReportQuery } from '../../api/reports.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { StackedField } from '../../../components/field-parts.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';
import { today } from './day-list-page.tsx';

interface Totals {
  key: string;
  label: string;
  orders: number;
  visitors: number;
  revenue: number;
}

type Occupancy = SalesReport['occupancy'][number];
interface Attendance {
  product_id: number;
  product: string;
  visitors: number;
  checked_in: number;
}
const attendanceColumn = createColumnHelper<TableFeatures, Attendance>();
const totalsColumn = createColumnHelper<TableFeatures, Totals>();
const occupancyColumn = createColumnHelper<TableFeatures, Occupancy>();

function daysBefore(date: string, days: number): string {
  const moment = new Date(`${date}T12:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() - days);
  return moment.toISOString().slice(0, 10);
}

/** The sales rows summed per key (a day, a product, a channel), in the order first seen. */
function sum(sales: SalesReport['sales'], keyOf: (row: SalesReport['sales'][number]) => string, labelOf = keyOf): Totals[] {
  const totals = new Map<string, Totals>();
  for (const row of sales) {
    const key = keyOf(row);
    const entry = totals.get(key) ?? { key, label: labelOf(row), orders: 0, visitors: 0, revenue: 0 };
    entry.orders += row.orders;
    entry.visitors += row.visitors;
    entry.revenue = Math.round((entry.revenue + row.revenue) * 100) / 100;
    totals.set(key, entry);
  }
  return [...totals.values()];
}

export default function ReportsPage() {
  const { t } = useTranslation(['backoffice-reports', 'backoffice']);
  const format = useShopFormatting();
  const [to, setTo] = useState(today);
  const [from, setFrom] = useState(() => daysBefore(today(), 29));
  const wellFormed = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  const ordered = wellFormed && from <= to;
  // A report reads at most a year (the server refuses longer: PERIOD_TOO_LONG); the CSV has its own limit.
  const withinLimit = ordered && !periodTooLong(from, to);
  const report = useQuery(salesReportQuery(from, to, withinLimit));

  const data = report.data;
  const perDay = useMemo(() => (data ? sum(data.sales, (row) => row.day).sort((a, b) => a.key.localeCompare(b.key)) : []), [data]);
  const perProduct = useMemo(
    () =>
      data
        ? sum(
            data.sales,
            (row) => String(row.product_id),
            (row) => row.product,
          )
        : [],
    [data],
  );
  const perChannel = useMemo(
    () =>
      data
        ? sum(
            data.sales,
            (row) => row.channel,
            (row) => t(`reports.channels.${row.channel}`, { defaultValue: row.channel }),
          )
        : [],
    [data, t],
  );

  // Visitors by the day of their visit (not of the sale) and how many came through the gate.
  const attendance = useMemo(() => {
    const totals = new Map<number, Attendance>();
    for (const row of data?.visitors ?? []) {
      const entry = totals.get(row.product_id) ?? { product_id: row.product_id, product: row.product, visitors: 0, checked_in: 0 };
      entry.visitors += row.visitors;
      entry.checked_in += row.checked_in;
      totals.set(row.product_id, entry);
    }
    return [...totals.values()];
  }, [data]);
  const attendanceColumns = useMemo(
    () =>
      attendanceColumn.columns([
        attendanceColumn.accessor('product', { header: () => t('reports.product') }),
        attendanceColumn.accessor('visitors', { header: () => t('reports.visitors') }),
        attendanceColumn.accessor('checked_in', { header: () => t('reports.checkedIn') }),
      ]),
    [t],
  );

  const totalsColumns = useMemo(
    () => (first: string) =>
      totalsColumn.columns([
        totalsColumn.accessor('label', { header: () => first }),
        totalsColumn.accessor('orders', { header: () => t('reports.orders') }),
        totalsColumn.accessor('visitors', { header: () => t('reports.visitors') }),
        totalsColumn.accessor('revenue', { header: () => t('reports.revenue'), cell: (info) => format.money(info.getValue()) }),
      ]),
    [t, format],
  );
  const occupancyColumns = useMemo(
    () =>
      occupancyColumn.columns([
        occupancyColumn.accessor('date', { header: () => t('reports.date') }),
        occupancyColumn.accessor('start', { header: () => t('reports.start'), cell: (info) => info.getValue() ?? t('reports.allDay') }),
        occupancyColumn.accessor('product', { header: () => t('reports.product') }),
        occupancyColumn.accessor('capacity', { header: () => t('reports.capacity'), cell: (info) => info.getValue() ?? t('reports.unlimited') }),
        occupancyColumn.accessor('sold', { header: () => t('reports.sold') }),
        occupancyColumn.accessor('held', { header: () => t('reports.held') }),
        occupancyColumn.accessor((row) => (row.capacity ? `${Math.round((row.sold / row.capacity) * 100)} %` : '—'), {
          id: 'occupied',
          header: () => t('reports.occupied'),
        }),
      ]),
    [t],
  );

  return (
    <div className="bo-reports">
      <PageHeading title={t('reports.title')}>{t('reports.title')}</PageHeading>
      <div className="bo-toolbar">
        <StackedField label={t('reports.from')}>
          {(props) => <input {...props} type="date" value={from} max={to} required onChange={(event) => setFrom(event.target.value)} />}
        </StackedField>
        <StackedField
          label={t('reports.to')}
          error={
            wellFormed && !ordered ? t('reports.periodOrder') : ordered && !withinLimit ? t('reports.periodTooLong', { count: REPORT_MAX_DAYS }) : undefined
          }
        >
          {(props) => <input {...props} type="date" value={to} min={from} required onChange={(event) => setTo(event.target.value)} />}
        </StackedField>
        {ordered ? (
          <a className="bo-button" href={ordersCsvUrl(from, to)} download={`orders-${from}-${to}.csv`}>
            {t('reports.csv')}
          </a>
        ) : null}
      </div>
      {report.error ? <p role="alert">{errorText(t, report.error)}</p> : null}
      {report.isFetching && !data ? <p>{t('reports.loading')}</p> : null}
      {data ? (
        <>
          <section aria-labelledby="bo-report-days">
            <h2 id="bo-report-days">{t('reports.perDay')}</h2>
            {perDay.length > 0 ? (
              <figure className="bo-chart">
                <div role="img" aria-label={t('reports.chartLabel', { from: data.from, to: data.to })}>
                  <ResponsiveContainer width="100%" height={280}>
                    <ComposedChart data={perDay} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                      <CartesianGrid stroke="#c9ced6" strokeDasharray="3 3" />
                      <XAxis dataKey="key" stroke="#4a5360" />
                      <YAxis yAxisId="revenue" stroke="#0b5d52" />
                      <YAxis yAxisId="visitors" orientation="right" stroke="#6a2c91" allowDecimals={false} />
                      <Tooltip formatter={(value, name) => (name === t('reports.revenue') ? format.money(Number(value)) : String(value))} />
                      <Legend />
                      <Bar yAxisId="revenue" dataKey="revenue" name={t('reports.revenue')} fill="#0b5d52" />
                      <Line yAxisId="visitors" dataKey="visitors" name={t('reports.visitors')} stroke="#6a2c91" strokeWidth={2} dot />
                    </ComposedChart>
                  </ResponsiveContainer>
                </div>
                <figcaption>{t('reports.chartCaption')}</figcaption>
              </figure>
            ) : null}
            <DataTable
              caption={t('reports.perDayCaption')}
              columns={totalsColumns(t('reports.day'))}
              data={perDay}
              empty={t('reports.noSales')}
              rowKey={(row) => row.key}
            />
          </section>
          <section aria-labelledby="bo-report-products">
            <h2 id="bo-report-products">{t('reports.perProduct')}</h2>
            <DataTable
              caption={t('reports.perProductCaption')}
              columns={totalsColumns(t('reports.product'))}
              data={perProduct}
              empty={t('reports.noSales')}
              rowKey={(row) => row.key}
            />
          </section>
          <section aria-labelledby="bo-report-channels">
            <h2 id="bo-report-channels">{t('reports.perChannel')}</h2>
            <DataTable
              caption={t('reports.perChannelCaption')}
              columns={totalsColumns(t('reports.channel'))}
              data={perChannel}
              empty={t('reports.noSales')}
              rowKey={(row) => row.key}
            />
          </section>
          <section aria-labelledby="bo-report-attendance">
            <h2 id="bo-report-attendance">{t('reports.attendance')}</h2>
            <DataTable
              caption={t('reports.attendanceCaption')}
              columns={attendanceColumns}
              data={attendance}
              empty={t('reports.noVisitors')}
              rowKey={(row) => String(row.product_id)}
            />
          </section>
          <section aria-labelledby="bo-report-occupancy">
            <h2 id="bo-report-occupancy">{t('reports.occupancy')}</h2>
            <DataTable
              caption={t('reports.occupancyCaption')}
              columns={occupancyColumns}
              data={data.occupancy}
              empty={t('reports.noSlots')}
              rowKey={(row, index) => `${row.date}-${row.start ?? ''}-${row.product_id}-${index}`}
            />
          </section>
          <section aria-labelledby="bo-report-gift-cards">
            <h2 id="bo-report-gift-cards">{t('reports.giftCards')}</h2>
            <dl className="bo-figures">
              <div>
                <dt>{t('reports.giftCardCount')}</dt>
                <dd>{data.gift_cards.count}</dd>
              </div>
              <div>
                <dt>{t('reports.issued')}</dt>
                <dd>{format.money(data.gift_cards.issued)}</dd>
              </div>
              <div>
                <dt>{t('reports.spent')}</dt>
                <dd>{format.money(data.gift_cards.spent)}</dd>
              </div>
              <div>
                <dt>{t('reports.outstanding')}</dt>
                <dd>{format.money(data.gift_cards.outstanding)}</dd>
              </div>
            </dl>
          </section>
        </>
      ) : null}
    </div>
  );
}

/**
 * One slot's waiting list for staff (issue 22 item 2), opened from the slot calendar at
 * /backoffice/slots/waitlist/<productId>/<slotId>: entries in arrival order with e-mail, quantity,
 * language and status (an offer with the time its hold runs out).
 */
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { WaitlistStaffView } from '#domain/backoffice/waitlist-view.ts';
import { slotWaitlistQuery } from '../../api/waitlist.ts';
import { errorText } from '../../../lib/error-message.ts';
import { PageHeading } from '../../page-heading.tsx';
import { DataTable, type TableFeatures } from '../../ui/data-table.tsx';
import { useShopFormatting } from '../../ui/use-shop-formatting.ts';

type Entry = WaitlistStaffView['entries'][number];
const column = createColumnHelper<TableFeatures, Entry>();

export default function SlotWaitlistPage() {
  const { t } = useTranslation(['backoffice-sales', 'backoffice']);
  const [productId, slotId] = (useParams()['*'] ?? '').split('/');
  const valid = /^\d+$/.test(productId ?? '') && /^\d+$/.test(slotId ?? '');
  const list = useQuery(slotWaitlistQuery(productId ?? '', slotId ?? '', valid));
  const format = useShopFormatting();

  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('position', { header: () => t('waitlist.position') }),
        column.accessor('email', { header: () => t('waitlist.email') }),
        column.accessor('quantity', { header: () => t('waitlist.quantity') }),
        column.accessor('language', { header: () => t('waitlist.language'), cell: (info) => t(`backoffice:language.names.${info.getValue()}`) }),
        column.accessor('status', {
          header: () => t('waitlist.status'),
          cell: ({ row }) => (
            <span className={`bo-status--${row.original.status}`}>
              {row.original.status === 'offered' && row.original.hold_expires_at
                ? t('waitlist.offeredUntil', { time: format.dateTime(row.original.hold_expires_at) })
                : t(`waitlist.statuses.${row.original.status}`)}
            </span>
          ),
        }),
        column.accessor('joined_at', { header: () => t('waitlist.joined'), cell: (info) => format.dateTime(info.getValue()) }),
      ]),
    [t, format],
  );
  const slot = list.data?.slot;
  const title = slot
    ? t('waitlist.heading', { date: slot.date, time: slot.start_time ? slot.start_time.slice(0, 5) : t('waitlist.allDay') })
    : t('waitlist.title');

  return (
    <>
      <PageHeading title={title}>{title}</PageHeading>
      <p>
        <Link to="/slots">{t('waitlist.back')}</Link>
      </p>
      {!valid ? <p role="alert">{t('waitlist.notFound')}</p> : null}
      {list.error ? <p role="alert">{errorText(t, list.error)}</p> : null}
      {list.data ? (
        <DataTable
          caption={t('waitlist.caption', { count: list.data.entries.length })}
          columns={columns}
          data={list.data.entries}
          empty={t('waitlist.empty')}
          rowKey={(row) => String(row.position)}
        />
      ) : null}
    </>
  );
}

/**
 * An order's history as a list, oldest first: when, what happened in words, and who did it — the
 * visitor's order and reservation pages and the desk's timeline show it the same way.
 */
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '#domain/contracts/order-history.schema.ts';
import { formatMoment } from '#domain/date-text.ts';
import { historyActor, historySentence, type HistoryAudience } from '../lib/order-history-text.ts';

export interface OrderHistoryProps {
  entries: readonly HistoryEntry[];
  audience: HistoryAudience;
  /** The shop's time zone, which every moment is shown in. */
  timezone: string;
}

export function OrderHistory({ entries, audience, timezone }: OrderHistoryProps) {
  const { t, i18n } = useTranslation('history');
  return (
    <ol className="order-history">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <time dateTime={entry.at}>{formatMoment(new Date(entry.at), i18n.language, timezone)}</time>
          {' — '}
          {historySentence(entry, t, i18n.language)} <span className="order-history__actor">({historyActor(entry, t, audience)})</span>
          {audience === 'staff' && entry.reason ? <span className="order-history__reason"> {t('reason', { reason: entry.reason })}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * An order's history as a list, oldest first: when, what happened in words, and who did it — the
 * visitor's order and reservation pages show it so, and the desk's timeline says each change by the
 * same rule (src/lib/order-history-text.ts).
 */
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '#domain/contracts/order-history.schema.ts';
import { historyActor, historyRefundOf, historySentence, type HistoryAudience } from '../lib/order-history-text.ts';
import { useFormatting } from '../lib/use-formatting.ts';

export interface OrderHistoryProps {
  entries: readonly HistoryEntry[];
  audience: HistoryAudience;
  /** The shop's time zone, which every moment is shown in. */
  timezone: string;
}

/**
 * One change in words: what, who, and (for the desk) the reason given. `lines`: the order's lines in words
 * ("2 × Adult"), which a refund of part of the order names.
 */
export function HistoryChange({ entry, audience, lines = '' }: { entry: HistoryEntry; audience: HistoryAudience; lines?: string }) {
  const { t, i18n } = useTranslation('history');
  return (
    <>
      {historyRefundOf(entry, t, i18n.language, lines) ?? historySentence(entry, t, i18n.language)}{' '}
      <span className="order-history__actor">({historyActor(entry, t, audience)})</span>
      {audience === 'staff' && entry.reason ? <span className="order-history__reason"> {t('reason', { reason: entry.reason })}</span> : null}
    </>
  );
}

export function OrderHistory({ entries, audience, timezone }: OrderHistoryProps) {
  const format = useFormatting({ currency: entries[0]?.currency ?? 'EUR', timezone });
  return (
    <ol className="order-history">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <time dateTime={entry.at}>{format.dateTime(entry.at)}</time>
          {' — '}
          <HistoryChange entry={entry} audience={audience} />
        </li>
      ))}
    </ol>
  );
}

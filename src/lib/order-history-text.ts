/**
 * An order's history entry in words, in the reader's language: the one rule both the storefront
 * (the visitor's order and reservation pages) and the back office (the desk's timeline) say it by.
 * Texts: the `history` namespace (locales/<lng>/history.json).
 */
import type { TFunction } from 'i18next';
import type { HistoryEntry } from '#domain/contracts/order-history.schema.ts';
import { formatVisit } from '#domain/date-text.ts';
import { formatMoney } from './format.ts';

/** Who reads: the desk sees names, a visitor sees "the box office". */
export type HistoryAudience = 'staff' | 'shopper';

const KNOWN_METHODS = new Set(['stripe', 'paypal', 'test', 'invoice', 'none']);

/** What happened, as one sentence ("€35.50 refunded to the card"). */
export function historySentence(entry: HistoryEntry, t: TFunction<'history'>, language: string): string {
  const money = (amount: number | null) => formatMoney(Math.abs(amount ?? 0), entry.currency ?? 'EUR', language);
  const slot = (value: HistoryEntry['from']) => (value ? formatVisit(value.date, { start: value.time, end: null }, language, 'short') : '');
  const method = t(`method.${entry.method && KNOWN_METHODS.has(entry.method) ? entry.method : 'other'}`);
  const amount = money(entry.amount);
  const moved = entry.amount !== null && entry.amount !== 0;
  switch (entry.event) {
    case 'moved':
      return moved
        ? t('event.moved_difference', { from: slot(entry.from), to: slot(entry.to), amount })
        : t('event.moved', { from: slot(entry.from), to: slot(entry.to) });
    case 'refunded':
      if (entry.tickets.length > 0 && entry.quantity !== null)
        return moved
          ? t('event.refunded_tickets_amount', { count: entry.tickets.length, amount, method })
          : t('event.refunded_tickets', { count: entry.tickets.length });
      return t('event.refunded', { amount, method });
    case 'refund_request_accepted':
      return moved ? t('event.refund_request_accepted', { amount, method }) : t('event.refund_request_accepted_nothing');
    case 'coupon_removed':
      return t('event.coupon_removed', { code: entry.code ?? '', total: money(entry.total?.to ?? null) });
    case 'rebooked':
      return t('event.rebooked', { order: entry.order ?? '' });
    default:
      return t(`event.${entry.event}`, { amount });
  }
}

/**
 * The desk's sentence for a refund of part of an order: what was given back and of which lines
 * ("€35.50 refunded to the card, of 2 × Adult"); null for any other change (said by historySentence).
 */
export function historyRefundOf(entry: HistoryEntry, t: TFunction<'history'>, language: string, lines: string): string | null {
  if (entry.event !== 'refunded' || entry.amount === null || entry.amount === 0 || lines === '') return null;
  const amount = formatMoney(Math.abs(entry.amount), entry.currency ?? 'EUR', language);
  const method = t(`method.${entry.method && KNOWN_METHODS.has(entry.method) ? entry.method : 'other'}`);
  return entry.tickets.length > 0 && entry.quantity !== null
    ? t('event.refunded_tickets_of', { count: entry.tickets.length, amount, method, lines })
    : t('event.refunded_of', { amount, method, lines });
}

/** Who did it ("by Sam", "by the box office", "automatically"). */
export function historyActor(entry: HistoryEntry, t: TFunction<'history'>, audience: HistoryAudience): string {
  return t(`by.${entry.actor.kind}.${audience}`, { name: entry.actor.name ?? '' });
}

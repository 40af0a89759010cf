/**
 * An edit's before → after snapshots (the editors' views the audit row keeps) as changes a person
 * reads: each known key named (AUDIT_FIELDS) with a typed value, translated texts per language, long
 * texts and lists named without their values. Keys it does not know are only counted, so a new
 * editor field shows as "and 1 other setting" rather than as its code.
 */
import { AUDIT_FIELDS, type AuditChange, type AuditField, type AuditValue } from '#domain/backoffice/audit-log.schema.ts';
import { STAFF_ROLES } from '#domain/backoffice/staff-roles.ts';
import { CATALOGUE_STATES } from '#domain/catalogue-state.ts';
import { LANGUAGES, type Language } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';

/** How a key's value reads: `named` changes are told without values (HTML, images, lists of ids, codes). */
type Reading = 'text' | 'money' | 'cents' | 'number' | 'flag' | 'date' | 'moment' | 'time' | 'role' | 'state' | 'languages' | 'named';

const KEYS: Record<string, [AuditField, Reading]> = {
  slug: ['web_address', 'text'],
  state: ['state', 'state'],
  visible: ['visible', 'flag'],
  sort: ['position', 'number'],
  image: ['image', 'named'],
  logo: ['image', 'named'],
  price: ['price', 'money'],
  priceCents: ['price', 'cents'],
  price_type: ['price_type', 'named'],
  capacity_type: ['capacity_type', 'named'],
  has_days: ['has_days', 'flag'],
  has_timeslots: ['has_timeslots', 'flag'],
  show_end_time: ['show_end_time', 'flag'],
  show_availability: ['show_availability', 'flag'],
  allow_reservations: ['allow_reservations', 'flag'],
  min_quantity: ['min_quantity', 'number'],
  max_quantity: ['max_quantity', 'number'],
  audiences: ['audiences', 'named'],
  upsell_ids: ['upsells', 'named'],
  cross_sell_ids: ['cross_sells', 'named'],
  category_ids: ['categories', 'named'],
  product_ids: ['products', 'named'],
  products: ['products', 'named'],
  subscription_ids: ['subscriptions', 'named'],
  subscriptions: ['subscriptions', 'named'],
  vouchers: ['vouchers', 'named'],
  values: ['voucher_values', 'named'],
  options: ['options', 'named'],
  parent_id: ['parent_category', 'named'],
  group: ['group', 'text'],
  upsell_type: ['upsell_type', 'named'],
  donation_step: ['donation_step', 'money'],
  code: ['code', 'text'],
  max_tickets: ['max_tickets', 'number'],
  usage_limit: ['usage_limit', 'number'],
  valid_from: ['valid_from', 'moment'],
  valid_until: ['valid_until', 'moment'],
  customer_group_id: ['customer_group', 'named'],
  type: ['type', 'named'],
  redemptions: ['redemptions', 'number'],
  validity_days: ['validity_days', 'number'],
  theme_colour: ['theme_colour', 'text'],
  currency: ['currency', 'text'],
  timezone: ['timezone', 'text'],
  languages: ['languages', 'languages'],
  default_language: ['default_language', 'languages'],
  allow_shopping_cart: ['allow_shopping_cart', 'flag'],
  allow_business: ['allow_business', 'flag'],
  rebooking_allowed: ['rebooking_allowed', 'flag'],
  security_enabled: ['security_enabled', 'flag'],
  hold_minutes: ['hold_minutes', 'number'],
  waitlist_hold_minutes: ['waitlist_hold_minutes', 'number'],
  captcha_site_key: ['captcha_site_key', 'named'],
  notification_email: ['notification_email', 'text'],
  name: ['name', 'text'],
  required: ['required', 'flag'],
  default: ['on_by_default', 'flag'],
  business: ['business', 'flag'],
  amount: ['amount', 'money'],
  faq_enabled: ['faq_enabled', 'flag'],
  phone_number: ['phone_number', 'text'],
  email: ['email', 'text'],
  whatsapp_url: ['whatsapp_url', 'text'],
  opening_hours_url: ['opening_hours_url', 'text'],
  role: ['role', 'role'],
  disabled: ['disabled', 'flag'],
  endTime: ['end_time', 'time'],
  capacity: ['capacity', 'number'],
  maxOrders: ['max_orders', 'number'],
  closed: ['closed', 'flag'],
  horizonDays: ['horizon_days', 'number'],
};

/** Translated texts: the short ones with their words, the long (HTML) ones named. */
const TEXT_KEYS: Record<string, [AuditField, Reading]> = {
  title: ['title', 'text'],
  name: ['name', 'text'],
  label: ['label', 'text'],
  question: ['question', 'text'],
  description: ['description', 'named'],
  answer: ['answer', 'named'],
};

/** Not changes anyone made: identities, edit versions, counters the shop moves itself. */
const IGNORED = new Set(['id', 'version', 'used_count', 'revision']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON with sorted keys: jsonb keeps its own key order, so two equal snapshots compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || value === false || (Array.isArray(value) && value.length === 0);

/** A value as its reading says, or undefined when it does not fit (then the change is named without values). */
function valueOf(value: unknown, reading: Reading, currency: string): AuditValue | null | undefined {
  if (value === null || value === undefined || value === '') return null;
  switch (reading) {
    case 'text':
      return typeof value === 'string' ? { kind: 'text', text: value } : undefined;
    case 'money':
      return typeof value === 'number' ? { kind: 'money', amount: value, currency } : undefined;
    case 'cents':
      return typeof value === 'number' ? { kind: 'money', amount: toAmount(value), currency } : undefined;
    case 'number':
      return typeof value === 'number' ? { kind: 'number', value } : undefined;
    case 'flag':
      return typeof value === 'boolean' ? { kind: 'flag', value } : undefined;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? { kind: 'date', date: value } : undefined;
    case 'moment':
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? { kind: 'moment', at: new Date(value).toISOString() } : undefined;
    case 'time':
      return typeof value === 'string' && /^\d{2}:\d{2}/.test(value) ? { kind: 'time', time: value.slice(0, 5) } : undefined;
    case 'role':
      return (STAFF_ROLES as readonly unknown[]).includes(value) ? { kind: 'role', role: value as (typeof STAFF_ROLES)[number] } : undefined;
    case 'state':
      return (CATALOGUE_STATES as readonly unknown[]).includes(value) ? { kind: 'state', state: value as (typeof CATALOGUE_STATES)[number] } : undefined;
    case 'languages': {
      const list = Array.isArray(value) ? value : [value];
      return list.every((each) => (LANGUAGES as readonly unknown[]).includes(each)) ? { kind: 'languages', languages: list as Language[] } : undefined;
    }
    case 'named':
      return undefined;
  }
}

/** As a list: none when both sides read as empty ('' and null), nothing a person would call a change. */
function change(field: AuditField, language: Language | null, reading: Reading, before: unknown, after: unknown, currency: string): AuditChange[] {
  const from = valueOf(before, reading, currency);
  const to = valueOf(after, reading, currency);
  // A value that does not fit its reading is not guessed at: the change is named, without values.
  if (from === undefined || to === undefined) return [{ field, language, from: null, to: null }];
  return from === null && to === null ? [] : [{ field, language, from, to }];
}

/** A coupon's discount reads as a percentage or an amount, by its type. */
function couponDiscount(snapshot: Record<string, unknown>, currency: string): AuditValue | null {
  const { value, discount_type: type } = snapshot;
  if (typeof value !== 'number') return null;
  return type === 'PERCENTAGE' ? { kind: 'percent', value } : { kind: 'money', amount: value, currency };
}

export interface AuditChanges {
  changes: AuditChange[];
  /** Keys that changed but have no name for people. */
  other: number;
}

/**
 * What changed from `before` to `after` (a creation: `before` null, and only what it was given is
 * listed). `currency`: the shop's, for the editors' 2-decimal amounts.
 */
export function auditChanges(before: unknown, after: unknown, currency: string): AuditChanges {
  const creation = !isRecord(before);
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const changes: AuditChange[] = [];
  let other = 0;
  const differs = (key: string) => canonical(from[key]) !== canonical(to[key]) && !(creation && isEmpty(to[key]));

  for (const key of [...new Set([...Object.keys(from), ...Object.keys(to)])]) {
    if (IGNORED.has(key) || !differs(key)) continue;
    if (key === 'texts') {
      const texts = textChanges(from.texts, to.texts, currency, creation);
      changes.push(...texts.changes);
      other += texts.other;
    } else if (key === 'value' || key === 'discount_type') {
      if (key === 'discount_type' && differs('value')) continue; // one change for the pair
      changes.push({ field: 'discount', language: null, from: creation ? null : couponDiscount(from, currency), to: couponDiscount(to, currency) });
    } else if (key === 'redemptions') {
      // -1: unlimited, as an empty limit reads.
      const limit = (value: unknown) => (value === -1 ? null : value);
      changes.push(...change('redemptions', null, 'number', limit(from[key]), limit(to[key]), currency));
    } else if (KEYS[key]) {
      const [field, reading] = KEYS[key];
      changes.push(...change(field, null, reading, from[key], to[key], currency));
    } else other += 1;
  }
  changes.sort(
    (a, b) => AUDIT_FIELDS.indexOf(a.field) - AUDIT_FIELDS.indexOf(b.field) || LANGUAGES.indexOf(a.language ?? 'en') - LANGUAGES.indexOf(b.language ?? 'en'),
  );
  return { changes, other };
}

function textChanges(before: unknown, after: unknown, currency: string, creation: boolean): AuditChanges {
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const changes: AuditChange[] = [];
  let other = 0;
  for (const language of LANGUAGES) {
    const old = isRecord(from[language]) ? from[language] : {};
    const now = isRecord(to[language]) ? to[language] : {};
    for (const key of [...new Set([...Object.keys(old), ...Object.keys(now)])]) {
      if (canonical(old[key]) === canonical(now[key]) || (creation && isEmpty(now[key]))) continue;
      const known = TEXT_KEYS[key];
      if (known) changes.push(...change(known[0], language, known[1], old[key], now[key], currency));
      else other += 1;
    }
  }
  return { changes, other };
}

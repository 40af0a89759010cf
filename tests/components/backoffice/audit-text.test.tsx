/**
 * Every audit action the server writes today, and every order history event, has a sentence of its
 * own in the back office (not the fallback), and none shows its code: the actions are read from the
 * server's sources, so a new one without a sentence fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITIES, type AuditEntry } from '#domain/backoffice/audit-log.schema.ts';
import { ORDER_EVENTS } from '#domain/order-history.ts';
import backoffice from '../../../locales/en/backoffice.json';
import catalogue from '../../../locales/en/backoffice-catalogue.json';
import staff from '../../../locales/en/backoffice-staff.json';
import { auditFormat } from '../../../src/backoffice/pages/staff/audit-format.ts';
import { auditText } from '../../../src/backoffice/pages/staff/audit-text.ts';

const modules = join(import.meta.dirname, '../../../server/modules');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [readFileSync(join(dir, entry.name), 'utf8')] : [],
  );

/** `action: 'product.update'` and `action: closed ? 'slot.close' : 'slot.open'`, with the entity written beside it. */
function writtenActions(): { action: string; entity: string }[] {
  const found = new Map<string, string>();
  for (const source of sources(modules)) {
    for (const match of source.matchAll(/action: ([^,\n]+),?\s*entity: '([a-z_]+)'/g)) {
      for (const [, action] of match[1]!.matchAll(/'([a-z_]+\.[a-z_]+)'/g)) found.set(action!, match[2]!);
    }
  }
  return [...found].map(([action, entity]) => ({ action, entity })).sort((a, b) => a.action.localeCompare(b.action));
}

const t = i18next.createInstance();
await t.init({
  lng: 'en',
  resources: { en: { 'backoffice-staff': staff, backoffice, 'backoffice-catalogue': catalogue } },
  defaultNS: 'backoffice-staff',
  interpolation: { escapeValue: false },
});
const format = auditFormat('en', 'Europe/Amsterdam');
const entry = (action: string, entity: string, details: AuditEntry['details'] = {}): AuditEntry => ({
  id: 1,
  at: '2030-06-03T07:00:00.000Z',
  staff: null,
  action,
  entity,
  entity_id: '42',
  subject: { name: 'Seals', gone: false, slot: { date: '2030-06-11', start: '09:00', end: null }, number: 123456789, holder: 'Kim Jansen' },
  details: { amount: { amount: 5, currency: 'EUR' }, expires: '2031-01-01', ...details },
  changes: [],
  other_changes: 0,
});

describe('audit sentences', () => {
  const actions = writtenActions();

  it('finds the actions the server writes', () => {
    expect(actions.length).toBeGreaterThan(40);
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'schedule.save', entity: 'product_schedule' },
        { action: 'refund_request.accept', entity: 'refund_request' },
      ]),
    );
    for (const { entity } of actions) expect(AUDIT_ENTITIES).toContain(entity);
  });

  it('says each one in its own words, without its code', () => {
    const fallback = t.t('audit.action.unknown', { name: '“Seals”' });
    for (const { action, entity } of actions) {
      const { sentence } = auditText(entry(action, entity, entity === 'order' ? { event: orderEvent(action) } : {}), t.t, format);
      expect(sentence, action).not.toBe(fallback);
      expect(sentence, action).not.toMatch(/[a-z]+[._][a-z]+|\{\{|42/);
    }
  });

  it.each(ORDER_EVENTS)('says the order event %s', (event) => {
    const details = {
      event,
      from: { date: '2030-06-11', start: '09:00', end: null },
      to: { date: '2030-06-12', start: '10:00', end: null },
      code: 'SUMMER',
      order: 987654321,
    };
    const { sentence } = auditText(entry(`order.${event}`, 'order', details), t.t, format);
    expect(sentence).toContain('123456789');
    expect(sentence).not.toMatch(/[a-z]+[._][a-z]+|\{\{/);
  });
});

/** The events the desk's earlier actions are (server/modules/staff/audit-order-details.ts reads them so). */
function orderEvent(action: string): AuditEntry['details']['event'] {
  const earlier: Record<string, AuditEntry['details']['event']> = {
    'order.refund': 'refunded',
    'order.cancel': 'cancelled',
    'order.move': 'moved',
    'order.customer': 'customer_changed',
    'order.resend': 'confirmation_resent',
    'order.invoice_paid': 'invoice_paid',
  };
  return earlier[action];
}

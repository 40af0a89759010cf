/**
 * An edit's snapshots as the changes a person reads (server/modules/staff/audit-changes.ts): named
 * fields with typed values, texts per language, long texts and lists named without values, ids and
 * versions left out, unknown keys only counted, a creation listing only what it was given.
 */
import { describe, expect, it } from 'vitest';
import type { AuditChange } from '#domain/backoffice/audit-log.schema.ts';
import { auditChanges } from '../../../server/modules/staff/audit-changes.ts';

const money = (amount: number) => ({ kind: 'money', amount, currency: 'EUR' }) as const;
const change = (field: AuditChange['field'], from: AuditChange['from'], to: AuditChange['to'], language: AuditChange['language'] = null): AuditChange => ({
  field,
  language,
  from,
  to,
});

describe('audit changes', () => {
  it.each<[string, unknown, unknown, AuditChange[], number]>([
    ['nothing changed (keys in another order)', { price: 1, texts: { en: { title: 'A' } } }, { texts: { en: { title: 'A' } }, price: 1 }, [], 0],
    ['a version and an id are not changes', { id: 1, version: 3, price: 1 }, { id: 1, version: 4, price: 1 }, [], 0],
    ['a price, as an amount', { price: 12.5 }, { price: 15 }, [change('price', money(12.5), money(15))], 0],
    [
      'a slot’s price in cents, its end time, its capacity to unlimited',
      { priceCents: 1250, endTime: '11:00:00', capacity: 40 },
      { priceCents: null, endTime: '12:00', capacity: null },
      [
        change('price', money(12.5), null),
        change('end_time', { kind: 'time', time: '11:00' }, { kind: 'time', time: '12:00' }),
        change('capacity', { kind: 'number', value: 40 }, null),
      ],
      0,
    ],
    [
      'a title per language, a description named without its HTML',
      { texts: { en: { title: 'Seals', description: '<p>a</p>' } } },
      { texts: { en: { title: 'Seals', description: '<p>b</p>' }, nl: { title: 'Zeehonden' } } },
      [change('title', null, { kind: 'text', text: 'Zeehonden' }, 'nl'), change('description', null, null, 'en')],
      0,
    ],
    [
      'a role and a disabled account',
      { role: 'gate', disabled: false },
      { role: 'owner', disabled: true },
      [
        change('role', { kind: 'role', role: 'gate' }, { kind: 'role', role: 'owner' }),
        change('disabled', { kind: 'flag', value: false }, { kind: 'flag', value: true }),
      ],
      0,
    ],
    [
      'a coupon from 10 % to €5.00: one change',
      { discount_type: 'PERCENTAGE', value: 10 },
      { discount_type: 'FIXED', value: 5 },
      [change('discount', { kind: 'percent', value: 10 }, money(5))],
      0,
    ],
    ['unlimited uses read as empty', { redemptions: 3 }, { redemptions: -1 }, [change('redemptions', { kind: 'number', value: 3 }, null)], 0],
    ['lists of ids named without values', { category_ids: [1] }, { category_ids: [1, 2] }, [change('categories', null, null)], 0],
    ['a value of an unexpected type named without values', { price: '12' }, { price: 15 }, [change('price', null, null)], 0],
    ['keys it has no name for counted', { seating_plan: 'A' }, { seating_plan: 'B', texts: { en: { subtitle: 'x' } } }, [], 2],
    ['an empty text and null are no change', { email: '' }, { email: null }, [], 0],
  ])('%s', (_case, before, after, changes, other) => {
    expect(auditChanges(before, after, 'EUR')).toEqual({ changes, other });
  });

  it('lists what a creation was given, not its empty or false settings', () => {
    const created = {
      id: 7,
      version: 1,
      slug: 'seals',
      state: 'DRAFT',
      visible: false,
      image: null,
      price: 9.5,
      category_ids: [],
      texts: { en: { title: 'Seals', description: '' } },
    };
    expect(auditChanges(null, created, 'EUR')).toEqual({
      changes: [
        change('title', null, { kind: 'text', text: 'Seals' }, 'en'),
        change('web_address', null, { kind: 'text', text: 'seals' }),
        change('state', null, { kind: 'state', state: 'DRAFT' }),
        change('price', null, money(9.5)),
      ],
      other: 0,
    });
  });
});

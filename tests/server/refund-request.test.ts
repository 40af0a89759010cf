/**
 * POST /api/faq/mail: the refund request form (spec sections 3 and 5) through the real API on a
 * seeded database. Invalid requests store nothing; a valid one stores the request and its
 * notification mail together.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { organisations, outbox, rateLimitWindows, refundRequests } from '../../server/db/schema/index.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});

afterAll(async () => {
  await shop.close();
});

beforeEach(async () => {
  await shop.db.delete(refundRequests);
  await shop.db.delete(outbox);
  // Not about the form's limits (tests/server/abuse-limits.test.ts): each test starts with none used.
  await shop.db.delete(rateLimitWindows);
});

const VALID = {
  first_name: 'Dana',
  last_name: 'de Vries',
  email: 'dana@example.test',
  adress: 'Havenstraat 12, Amsterdam',
  order_number: '1234',
  comment: 'We cannot come on Saturday.',
};

function send(payload: unknown, headers: Record<string, string> = {}) {
  return shop.app.inject({ method: 'POST', url: '/api/faq/mail', payload: payload as Record<string, unknown>, headers });
}

async function stored() {
  return { requests: await shop.db.select().from(refundRequests), mails: await shop.db.select().from(outbox) };
}

describe('POST /api/faq/mail', () => {
  it('stores a valid request and queues one notification mail to the organisation', async () => {
    const response = await send(VALID);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });

    const { requests, mails } = await stored();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      firstName: 'Dana',
      lastName: 'de Vries',
      email: 'dana@example.test',
      address: 'Havenstraat 12, Amsterdam',
      orderNumber: '1234',
      comment: 'We cannot come on Saturday.',
      language: 'en',
    });
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toMatchObject({ kind: 'refund-request', recipient: 'office@tidewater.example', sentAt: null, attempts: 0 });
    expect(mail?.subject).toContain('1234');
    for (const value of Object.values(VALID)) {
      expect(mail?.text).toContain(value);
    }
    expect(mail?.html).toContain('Dana');
    expect(mail?.payload).toEqual({ replyTo: 'dana@example.test' });
  });

  it('HTML-escapes what the visitor typed', async () => {
    const comment = '<script>alert("x")</script> & <b>bold</b>';
    expect((await send({ ...VALID, first_name: '<img src=x onerror=alert(1)>', comment })).statusCode).toBe(201);
    const [mail] = (await stored()).mails;
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<img');
    expect(mail?.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    // The plain-text part is not markup: it keeps the text as typed.
    expect(mail?.text).toContain(comment);
  });

  it('accepts missing optional fields and decimal order numbers, trimming values', async () => {
    const { adress: _adress, comment: _comment, ...required } = VALID;
    for (const order_number of ['1234,5', ' 12.50 ', '7']) {
      expect((await send({ ...required, order_number, first_name: '  Dana ' })).statusCode, order_number).toBe(201);
    }
    const { requests } = await stored();
    expect(requests.map((row) => row.orderNumber)).toEqual(['1234,5', '12.50', '7']);
    expect(requests.every((row) => row.firstName === 'Dana' && row.address === '' && row.comment === '')).toBe(true);
  });

  it('records the language the visitor reads', async () => {
    expect((await send(VALID, { 'accept-language': 'nl-NL,nl;q=0.9' })).statusCode).toBe(201);
    expect((await stored()).requests[0]?.language).toBe('nl');
  });

  const INVALID: [string, unknown, Record<string, string>][] = [
    ['empty first name', { ...VALID, first_name: '' }, { first_name: 'required' }],
    ['blank first name', { ...VALID, first_name: '   ' }, { first_name: 'required' }],
    ['empty last name', { ...VALID, last_name: '' }, { last_name: 'required' }],
    ['first name too long', { ...VALID, first_name: 'a'.repeat(65_536) }, { first_name: 'too_long' }],
    ['bad e-mail', { ...VALID, email: 'dana@example' }, { email: 'email' }],
    ['e-mail with a space', { ...VALID, email: 'da na@example.test' }, { email: 'email' }],
    ['empty e-mail', { ...VALID, email: '' }, { email: 'required' }],
    ['order number with a letter', { ...VALID, order_number: '12a' }, { order_number: 'number' }],
    ['order number with 3 decimals', { ...VALID, order_number: '1.234' }, { order_number: 'number' }],
    ['negative order number', { ...VALID, order_number: '-12' }, { order_number: 'number' }],
    ['empty order number', { ...VALID, order_number: '' }, { order_number: 'required' }],
    ['missing fields', { comment: 'hello' }, { first_name: 'required', last_name: 'required', email: 'required', order_number: 'required' }],
    ['order number as a number', { ...VALID, order_number: 1234 }, { order_number: 'invalid_type' }],
    ['first name as an object', { ...VALID, first_name: { name: 'Dana' } }, { first_name: 'invalid_type' }],
    ['comment as null', { ...VALID, comment: null }, { comment: 'invalid_type' }],
  ];

  it.each(INVALID)('refuses %s with 400 VALIDATION_FAILED and stores nothing', async (_name, body, fields) => {
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    const answer = response.json() as { ok: boolean; error: string; fields: Record<string, string> };
    expect(answer).toMatchObject({ ok: false, error: 'VALIDATION_FAILED' });
    expect(answer.fields).toEqual(fields);
    const { requests, mails } = await stored();
    expect(requests).toHaveLength(0);
    expect(mails).toHaveLength(0);
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of [[VALID], 'hello']) {
      const response = await shop.app.inject({
        method: 'POST',
        url: '/api/faq/mail',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(response.statusCode).toBe(400);
    }
    expect((await stored()).requests).toHaveLength(0);
  });

  it("falls back to the organisation's e-mail when it has no notification address", async () => {
    await shop.db.update(organisations).set({ notificationEmail: null });
    try {
      expect((await send(VALID)).statusCode).toBe(201);
      expect((await stored()).mails[0]?.recipient).toBe('hello@tidewater.example');
    } finally {
      await shop.db.update(organisations).set({ notificationEmail: 'office@tidewater.example' });
    }
  });

  it('stores neither the request nor the mail when queueing the mail fails', async () => {
    // Any new outbox row now breaks a constraint, as a failing insert would.
    await shop.db.execute(sql`alter table outbox add constraint test_refuse_mail check (false) not valid`);
    try {
      const response = await send(VALID);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({ error: 'INTERNAL_ERROR' });
    } finally {
      await shop.db.execute(sql`alter table outbox drop constraint test_refuse_mail`);
    }
    const { requests, mails } = await stored();
    expect(requests).toHaveLength(0);
    expect(mails).toHaveLength(0);
  });
});

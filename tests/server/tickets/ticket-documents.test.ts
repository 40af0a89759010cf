/**
 * Tickets to print and to carry, on a real database through the real routes: the PDF e-tickets (one
 * page per valid ticket, its QR code the signed code the gate checks in), rendered from the order as
 * it is now (a moved ticket shows its new slot, a refunded one is left out and refused at the gate),
 * attached to the confirmation mail when it is sent (a reference in the outbox, never bytes); the Apple
 * Wallet pass (a signed bundle openssl verifies) and the Google Wallet save link (a JWT the service
 * account's public key verifies), both carrying the same code; and no wallet without its settings.
 */
import { execFileSync } from 'node:child_process';
import { createHash, verify as verifySignature } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaidOrder, TicketVerifyResponse } from '#domain/contracts/paid-order.schema.ts';
import { formatVisit } from '#domain/date-text.ts';
import { loadConfig } from '../../../server/config.ts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderResponse } from '#domain/contracts/orders.ts';
import { audiences, orderLines, orders, outbox, payments, plots, productAudiences, products, type OrderRecord } from '../../../server/db/schema/index.ts';
import { customerWith } from '../helpers/customers.ts';
import { createMailer } from '../../../server/modules/mail/mailer.ts';
import { pageQrCode, pageTexts, pdfPages } from '../helpers/pdf-reading.ts';
import { startSmtpSink } from '../helpers/smtp-sink.ts';
import { staffSession, type StaffSession } from '../helpers/staff-session.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';
import { placeTourOrder, tourPlot, tourProduct } from '../helpers/tour-slot.ts';
import { makeTestPassChain, makeTestServiceAccount, TEST_PASS_TYPE_ID, TEST_TEAM_ID, type TestPassChain } from '../helpers/wallet-certificates.ts';

const NOW = '2030-06-03T07:00:00Z';
const DAY = '2030-06-11';
const OTHER_DAY = '2030-06-12';
/** At the gate on DAY (12:00 in Amsterdam). */
const AT_THE_GATE = '2030-06-11T10:00:00Z';
const CHECKIN_TOKEN = 'gate-operators-token-0123456789';
const ISSUER = '3388000000022222222';

let shop: TestShop;
let boxOffice: StaffSession;
let plot: number;
let otherPlot: number;
let chain: TestPassChain;
const account = makeTestServiceAccount();
let mailCount = 0;

const book = (quantity: number, language = 'de') => placeTourOrder(shop, { email: `pdf-${(mailCount += 1)}@example.test`, plot, quantity, language });

async function details(order: OrderRecord): Promise<PaidOrder> {
  const response = await shop.app.inject({ url: `/api/orders/${order.hash}/details` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PaidOrder;
}

async function ticketPdf(order: OrderRecord): Promise<Buffer> {
  const response = await shop.app.inject({ url: `/api/orders/${order.hash}/tickets.pdf` });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toBe(`attachment; filename="tickets-${order.number}.pdf"`);
  expect(response.headers['cache-control']).toBe('private, no-store');
  return response.rawPayload;
}

async function checkIn(code: string): Promise<TicketVerifyResponse['result']> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/tickets/verify',
    payload: { code },
    headers: { authorization: `Bearer ${CHECKIN_TOKEN}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TicketVerifyResponse).result;
}

const desk = (order: OrderRecord, action: 'refund' | 'move', payload: object) =>
  shop.app.inject({ method: 'POST', url: `/api/backoffice/orders/${order.number}/${action}`, headers: boxOffice.headers, payload });

beforeAll(async () => {
  chain = makeTestPassChain();
  const wallets = loadConfig({ ...chain.env, GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_SERVICE_ACCOUNT: account.json }).wallets;
  shop = await createTestShop({ now: NOW, config: { checkinToken: CHECKIN_TOKEN, wallets } });
  const tour = await tourProduct(shop.db);
  plot = await tourPlot(shop.db, tour, DAY);
  otherPlot = await tourPlot(shop.db, tour, OTHER_DAY);
  // Room for every order of this file.
  await shop.db
    .update(plots)
    .set({ capacity: 100, maxOrders: null })
    .where(inArray(plots.id, [plot, otherPlot]));
  boxOffice = await staffSession(shop.app, 'box_office');
  // Three RSA keys made by openssl besides the shop: more than the default hook time on a busy machine.
}, 180_000);

afterAll(async () => {
  await shop?.close();
  if (chain) rmSync(chain.dir, { recursive: true, force: true });
});

describe('GET /api/orders/{hash}/tickets.pdf', () => {
  it('has one page per ticket whose QR code is the signed code the gate checks in once, with product and slot in the order’s language', async () => {
    const order = await book(2, 'de');
    const pages = pdfPages(await ticketPdf(order));
    expect(pages).toHaveLength(2);
    const codes = pages.map(pageQrCode);
    expect(codes).toEqual((await details(order)).tickets.map((ticket) => ticket.code));
    const text = pageTexts(pages[1] ?? '');
    expect(text).toEqual(
      expect.arrayContaining([
        'Tidewater Zoo & Aquarium',
        'Ticket 2 von 2',
        formatVisit(DAY, { start: '09:00', end: '10:30' }, 'de'),
        String(order.number),
        'Datum und Uhrzeit',
      ]),
    );
    shop.clock.set(new Date(AT_THE_GATE));
    try {
      expect(await checkIn(codes[0] as string)).toBe('valid');
      expect(await checkIn(codes[0] as string)).toBe('already_used');
      expect(await checkIn(codes[1] as string)).toBe('valid');
    } finally {
      shop.clock.set(new Date(NOW));
    }
  });

  it('shows a moved ticket’s new slot, leaves a refunded ticket out (the gate refuses it already), and has nothing once the order is cancelled', async () => {
    const order = await book(2, 'en');
    const [first, second] = (await details(order)).tickets.map((ticket) => ticket.code);
    expect((await desk(order, 'move', { plot: otherPlot })).statusCode).toBe(200);
    const moved = pdfPages(await ticketPdf(order));
    const newSlot = formatVisit(OTHER_DAY, { start: '09:00', end: '10:30' }, 'en');
    expect(moved.map((page) => pageTexts(page).includes(newSlot))).toEqual([true, true]);
    expect(moved.some((page) => pageTexts(page).includes(formatVisit(DAY, { start: '09:00', end: '10:30' }, 'en')))).toBe(false);

    const refunded = await desk(order, 'refund', { amount: 0, tickets: [1], key: `pdf-refund-${order.id}`, reason: 'cannot come' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const left = pdfPages(await ticketPdf(order));
    expect(left.map(pageQrCode)).toEqual([second]);
    expect(pageTexts(left[0] ?? '')).toContain('Ticket 2 of 2');
    shop.clock.set(new Date('2030-06-12T10:00:00Z'));
    try {
      expect(await checkIn(first as string)).toBe('unknown');
      expect(await checkIn(second as string)).toBe('valid');
    } finally {
      shop.clock.set(new Date(NOW));
    }

    const cancelled = await desk(order, 'refund', { amount: 0, tickets: [2], key: `pdf-cancel-${order.id}`, reason: 'cannot come' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    for (const url of [
      `/api/orders/${order.hash}/tickets.pdf`,
      `/api/orders/${order.hash}/tickets/2/apple-wallet`,
      `/api/orders/${order.hash}/google-wallet`,
    ]) {
      const gone = await shop.app.inject({ url });
      expect(gone.statusCode, url).toBe(404);
      expect(gone.json(), url).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('names the audience each ticket admits: the order’s audience lines in their order', async () => {
    const [aquarium] = await shop.db.select({ id: products.id }).from(products).where(eq(products.slug, 'aquarium-entry'));
    const offered = await shop.db
      .select({ id: audiences.id, texts: audiences.texts })
      .from(audiences)
      .innerJoin(productAudiences, eq(productAudiences.audienceId, audiences.id))
      .where(eq(productAudiences.productId, aquarium?.id as number));
    const adult = offered.find((row) => row.texts.en?.name === 'Adult');
    const child = offered.find((row) => row.texts.en?.name?.startsWith('Child'));
    const [slot] = await shop.db
      .select({ id: plots.id })
      .from(plots)
      .where(and(eq(plots.productId, aquarium?.id as number), eq(plots.date, DAY), eq(plots.startTime, '10:00:00')));
    const placed = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: {
        customer: customerWith('pdf-audiences@example.test'),
        action: 'pay',
        orders: [
          {
            product: { id: aquarium?.id, plot: slot?.id, quantity: 3 },
            audiences: { [String(child?.id)]: { quantity: 1 }, [String(adult?.id)]: { quantity: 2 } },
          },
        ],
      },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const [line] = (placed.json() as OrderResponse).response.orders;
    await shop.app.services.settlement.settle(line?.payment?.hash as string, 'paid', { key: 'pdf-audiences' });
    const [order] = await shop.db
      .select()
      .from(orders)
      .where(eq(orders.hash, line?.order?.hash as string));
    const lines = await shop.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order?.id as number))
      .orderBy(asc(orderLines.id));
    const names = lines.flatMap((row) => {
      const name = offered.find((offer) => offer.id === row.audienceId)?.texts.en?.name;
      return name ? Array.from({ length: row.quantity }, () => name) : [];
    });
    expect([...names].sort()).toEqual([adult?.texts.en?.name, adult?.texts.en?.name, child?.texts.en?.name].sort());
    const pages = pdfPages(await ticketPdf(order as OrderRecord));
    expect(pages.map((page) => names.find((name) => pageTexts(page).includes(name)))).toEqual(names);
  });

  it('answers 404 NOT_FOUND for an unknown hash and for a reservation not yet paid', async () => {
    const reserved = await placeTourOrder(shop, { email: 'pdf-reserved@example.test', plot, quantity: 1, action: 'reserve' });
    for (const hash of ['0'.repeat(32), reserved.hash, `${reserved.id}`]) {
      const response = await shop.app.inject({ url: `/api/orders/${hash}/tickets.pdf` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });
});

describe('a reservation', () => {
  it('paid since, its page answers 404 RESERVATION_PAID (the storefront goes to the order page) and its PDF is there', async () => {
    const reserved = await placeTourOrder(shop, { email: 'pdf-reserved-paid@example.test', plot, quantity: 2, action: 'reserve' });
    expect((await shop.app.inject({ url: `/api/reservation/${reserved.hash}` })).statusCode).toBe(200);
    const [payment] = await shop.db
      .select({ hash: payments.hash })
      .from(payments)
      .where(eq(payments.id, reserved.paymentId as number));
    await shop.app.services.settlement.settle(payment?.hash as string, 'paid', { key: `pdf-reservation-${reserved.id}` });
    const [now] = await shop.db.select({ status: orders.status }).from(orders).where(eq(orders.id, reserved.id));
    expect(now?.status).toBe('PAID');
    const page = await shop.app.inject({ url: `/api/reservation/${reserved.hash}` });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ error: 'RESERVATION_PAID' });
    expect(pdfPages(await ticketPdf(reserved)).map(pageQrCode)).toEqual((await details(reserved)).tickets.map((ticket) => ticket.code));
  });
});

describe('the confirmation mail', () => {
  it('keeps a reference to the PDF in the outbox and attaches the PDF as it is when the mail is sent', async () => {
    const before = (await shop.db.select({ id: outbox.id }).from(outbox)).length;
    const order = await book(1, 'en');
    const [mail] = (await shop.db.select().from(outbox)).slice(before);
    if (!mail) throw new Error('no confirmation mail');
    expect(mail.payload?.attachments).toContainEqual({ kind: 'ticket-pdf', ref: { order: order.id } });
    expect(JSON.stringify(mail.payload)).not.toContain('%PDF');
    // Moved after the mail was queued, before it went out: the attached PDF shows the new slot.
    expect((await desk(order, 'move', { plot: otherPlot })).statusCode).toBe(200);

    const sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, mailFrom: 'Tidewater shop <shop@tidewater.example>' }, shop.app.services.mailAttachments);
    try {
      await mailer.send({ ...mail, attempts: 1 });
      const raw = sink.received[0]?.raw ?? '';
      const part = /Content-Type: application\/pdf; name=(?:"?)([^\r\n"]+)"?\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
      expect(part?.[1]).toBe(`tickets-${order.number}.pdf`);
      const pages = pdfPages(Buffer.from((part?.[2] ?? '').replace(/\s/g, ''), 'base64'));
      expect(pages.map(pageQrCode)).toEqual((await details(order)).tickets.map((ticket) => ticket.code));
      expect(pageTexts(pages[0] ?? '')).toContain(formatVisit(OTHER_DAY, { start: '09:00', end: '10:30' }, 'en'));
    } finally {
      mailer.close();
      await sink.close();
    }
  });
});

describe('Apple Wallet', () => {
  it('answers a signed .pkpass per ticket: manifest hashes match, openssl verifies the signature against the chain, its QR carries the gate’s code', async () => {
    const order = await book(2, 'nl');
    const codes = (await details(order)).tickets.map((ticket) => ticket.code);
    const response = await shop.app.inject({ url: `/api/orders/${order.hash}/tickets/2/apple-wallet` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ticket-${order.number}-2.pkpass"`);
    const files = unzipSync(response.rawPayload);
    expect(Object.keys(files).sort()).toEqual(['icon.png', 'icon@2x.png', 'icon@3x.png', 'logo.png', 'logo@2x.png', 'manifest.json', 'pass.json', 'signature']);
    const manifest = JSON.parse(Buffer.from(files['manifest.json'] as Uint8Array).toString()) as Record<string, string>;
    expect(Object.keys(manifest).sort()).toEqual(
      Object.keys(files)
        .filter((name) => name !== 'manifest.json' && name !== 'signature')
        .sort(),
    );
    for (const [name, hash] of Object.entries(manifest))
      expect(
        createHash('sha1')
          .update(files[name] as Uint8Array)
          .digest('hex'),
        name,
      ).toBe(hash);

    const pass = JSON.parse(Buffer.from(files['pass.json'] as Uint8Array).toString());
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: TEST_PASS_TYPE_ID,
      teamIdentifier: TEST_TEAM_ID,
      organizationName: 'Tidewater Zoo & Aquarium',
      barcodes: [{ format: 'PKBarcodeFormatQR', message: codes[1] }],
      eventTicket: { secondaryFields: [{ key: 'when', value: formatVisit(DAY, { start: '09:00', end: '10:30' }, 'nl') }] },
    });

    const dir = join(chain.dir, `pass-${order.id}`);
    execFileSync('mkdir', ['-p', dir]);
    writeFileSync(join(dir, 'manifest.json'), files['manifest.json'] as Uint8Array);
    writeFileSync(join(dir, 'signature'), files.signature as Uint8Array);
    const openssl = (manifestFile: string) =>
      execFileSync(
        'openssl',
        [
          'smime',
          '-verify',
          '-binary',
          '-inform',
          'DER',
          '-content',
          manifestFile,
          '-in',
          join(dir, 'signature'),
          '-CAfile',
          chain.rootFile,
          '-purpose',
          'any',
          '-out',
          '/dev/null',
        ],
        {
          stdio: 'pipe',
        },
      );
    expect(() => openssl(join(dir, 'manifest.json'))).not.toThrow();
    // A manifest changed after signing fails the check: the signature covers it.
    writeFileSync(
      join(dir, 'forged.json'),
      Buffer.from(files['manifest.json'] as Uint8Array)
        .toString()
        .replace(/"[0-9a-f]{40}"/, `"${'0'.repeat(40)}"`),
    );
    expect(() => openssl(join(dir, 'forged.json'))).toThrow();

    shop.clock.set(new Date(AT_THE_GATE));
    try {
      expect(await checkIn(pass.barcodes[0].message)).toBe('valid');
    } finally {
      shop.clock.set(new Date(NOW));
    }
    const missing = await shop.app.inject({ url: `/api/orders/${order.hash}/tickets/3/apple-wallet` });
    expect(missing.statusCode).toBe(404);
  });
});

describe('Google Wallet', () => {
  it('redirects to a save link whose JWT the service account’s public key verifies, one ticket object per valid ticket with its code', async () => {
    const order = await book(2, 'fr');
    const codes = (await details(order)).tickets.map((ticket) => ticket.code);
    const response = await shop.app.inject({ url: `/api/orders/${order.hash}/google-wallet` });
    expect(response.statusCode, response.body).toBe(303);
    const location = response.headers.location as string;
    expect(location.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const [header, claims, signature] = location.slice('https://pay.google.com/gp/v/save/'.length).split('.') as [string, string, string];
    expect(verifySignature('sha256', Buffer.from(`${header}.${claims}`), account.publicKeyPem, Buffer.from(signature, 'base64url'))).toBe(true);
    expect(verifySignature('sha256', Buffer.from(`${header}.${claims}x`), account.publicKeyPem, Buffer.from(signature, 'base64url'))).toBe(false);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    const payload = JSON.parse(Buffer.from(claims, 'base64url').toString());
    expect(payload).toMatchObject({ iss: account.email, aud: 'google', typ: 'savetowallet', origins: ['http://localhost:3000'] });
    const objects = payload.payload.eventTicketObjects as { id: string; classId: string; barcode: { type: string; value: string } }[];
    expect(objects.map((object) => object.barcode)).toEqual(codes.map((code) => expect.objectContaining({ type: 'QR_CODE', value: code })));
    expect(objects.every((object) => object.id.startsWith(`${ISSUER}.`) && object.classId === payload.payload.eventTicketClasses[0].id)).toBe(true);
  });
});

describe('without wallet settings', () => {
  it('tells the order page no wallet is offered, and the wallet routes answer 404 WALLET_NOT_CONFIGURED', async () => {
    const plain = await createTestShop({ now: NOW, config: { wallets: { apple: null, google: null } } });
    try {
      const order = await placeTourOrder(plain, {
        email: 'pdf-plain@example.test',
        plot: await tourPlot(plain.db, await tourProduct(plain.db), DAY),
        quantity: 1,
      });
      const page = await plain.app.inject({ url: `/api/orders/${order.hash}/details` });
      expect((page.json() as PaidOrder).wallets).toEqual({ apple: false, google: false });
      for (const url of [`/api/orders/${order.hash}/tickets/1/apple-wallet`, `/api/orders/${order.hash}/google-wallet`]) {
        const refused = await plain.app.inject({ url });
        expect(refused.statusCode, url).toBe(404);
        expect(refused.json(), url).toMatchObject({ error: 'WALLET_NOT_CONFIGURED' });
      }
      expect((await plain.app.inject({ url: `/api/orders/${order.hash}/tickets.pdf` })).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });

  it('with them, the order page is told both are offered', async () => {
    expect((await details(await book(1))).wallets).toEqual({ apple: true, google: true });
  });
});

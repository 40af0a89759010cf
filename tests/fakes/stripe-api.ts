/**
 * A local fake of the part of Stripe's API the shop uses, for tests (never in production):
 *   POST /v1/checkout/sessions              create (form-encoded, as the SDK sends it), validated
 *   GET  /v1/checkout/sessions/:id          retrieve
 *   POST /v1/checkout/sessions/:id/expire   expire an open session (and send checkout.session.expired)
 *   GET  /v1/payment_intents/:id            retrieve
 *   POST /v1/refunds                        refund a PaymentIntent (in full unless an amount is given)
 * Every /v1 call must carry the secret key as a Bearer token; POSTs with an Idempotency-Key answer
 * the first response again for the same key and parameters (and refuse other parameters), as Stripe
 * does. It also serves the "hosted Checkout page" at the session's url (`/c/pay/<id>`) with Pay and
 * Cancel buttons: Pay marks the session paid, sends a signed checkout.session.completed webhook to
 * `webhookUrl` (signed by the SDK's generateTestHeaderString) and 303s to success_url; Cancel 303s
 * to cancel_url.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
  /** Not part of Stripe's session object: what the line items asked for, for assertions. */
  line_items_requested: Record<string, unknown>[];
  /** Not part of Stripe's session object: payment_intent_data.metadata, copied onto the PaymentIntent. */
  payment_intent_metadata: Record<string, string>;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  metadata: Record<string, string>;
  status: 'processing' | 'succeeded' | 'requires_payment_method';
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
}

export interface WebhookDelivery {
  event: string;
  type: string;
  status: number;
  body: string;
}

export interface FakeStripeOptions {
  port?: number;
  host?: string;
  /** Where events are sent (the shop's /api/payments/stripe/webhook); none: events are only recorded. */
  webhookUrl?: string;
  webhookSecret?: string;
  /** The secret key callers must present; default sk_test_fake. */
  secretKey?: string;
}

export interface FakeStripe {
  url: string;
  sessions: Map<string, FakeSession>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  requests: RecordedRequest[];
  deliveries: WebhookDelivery[];
  setWebhookUrl(url: string | undefined): void;
  /**
   * The shopper pays on the hosted page: the session completes and checkout.session.completed is
   * sent. `async`: a delayed payment method (payment_status stays unpaid until settleAsync).
   */
  pay(sessionId: string, options?: { async?: boolean }): Promise<WebhookDelivery | null>;
  /** A delayed payment method's outcome: async_payment_succeeded / async_payment_failed. */
  settleAsync(sessionId: string, succeeded: boolean): Promise<WebhookDelivery | null>;
  /** Stripe gives an open session up (its expires_at passed): checkout.session.expired. */
  expire(sessionId: string): Promise<WebhookDelivery | null>;
  /** A Stripe-Signature header for a body (by default: now, with the webhook secret); `timestamp` in epoch seconds. */
  sign(payload: string, options?: { timestamp?: number; secret?: string }): string;
  /** A signed event about a session as Stripe would send it (not sent); `timestamp` in epoch seconds. */
  signedEvent(
    type: string,
    sessionId: string,
    options?: { timestamp?: number; secret?: string; id?: string },
  ): { id: string; payload: string; signature: string };
  /** Sends an event about a session to the webhook URL (again, if it was sent before: pass its id). */
  send(type: string, sessionId: string, options?: { id?: string }): Promise<WebhookDelivery | null>;
  /**
   * Someone refunds a paid session's PaymentIntent in Stripe's dashboard (no metadata): the refund is made and
   * refund.created sent. `amount` in cents; default what is left.
   */
  refundInDashboard(sessionId: string, amount?: number): Promise<{ refund: FakeRefund; delivery: WebhookDelivery | null }>;
  /** The card holder disputes a paid session's payment: charge.dispute.created is sent. */
  dispute(sessionId: string): Promise<WebhookDelivery | null>;
  /** Sends an event about any object (a refund, a dispute) to the webhook URL; `id` to send one again. */
  sendObject(type: string, object: unknown, options?: { id?: string }): Promise<WebhookDelivery | null>;
  close(): Promise<void>;
}

const API_VERSION = Stripe.API_VERSION;
const DEFAULT_SECRET_KEY = 'sk_test_fake';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const invalid = (message: string, param?: string, code?: string) => new StripeApiError(400, 'invalid_request_error', message, param, code);
const missing = (what: string, id: string, param: string) =>
  new StripeApiError(404, 'invalid_request_error', `No such ${what}: '${id}'`, param, 'resource_missing');

/** `line_items[0][price_data][currency]=eur` → { line_items: [{ price_data: { currency: 'eur' } }] }. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [head = '', ...rest] = key.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      const slot = node as Record<string, unknown>;
      if (last) {
        slot[segment] = value;
        return;
      }
      slot[segment] ??= nextIsIndex ? [] : {};
      node = slot[segment] as Record<string, unknown>;
    });
  }
  return root;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asStrings = (value: unknown): Record<string, string> => Object.fromEntries(Object.entries(asRecord(value)).map(([key, entry]) => [key, String(entry)]));
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function integer(value: unknown, param: string): number {
  const parsed = Number(value);
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || !Number.isSafeInteger(parsed)) throw invalid(`Invalid integer: ${String(value)}`, param);
  return parsed;
}

function httpUrl(value: unknown, param: string): string {
  const raw = text(value);
  if (!raw) throw invalid(`Missing required param: ${param}.`, param);
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw;
  } catch {
    // reported below
  }
  throw invalid(`Not a valid URL`, param, 'url_invalid');
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

function checkoutPage(session: FakeSession): string {
  const base = `/c/pay/${encodeURIComponent(session.id)}`;
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  const actions =
    session.status === 'open'
      ? `<div role="group" aria-label="Payment"><form method="post" action="${base}/pay"><button type="submit">Pay</button></form>
<form method="post" action="${base}/cancel"><button type="submit">Cancel</button></form></div>`
      : `<p role="status">This checkout session is ${escapeHtml(session.status)}.</p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body>
<main>
<h1>Fake Stripe Checkout</h1>
<p>Session <code data-testid="session">${escapeHtml(session.id)}</code></p>
<p>Amount: <strong data-testid="amount">${escapeHtml(amount)}</strong></p>
${actions}
</main>
</body>
</html>`;
}

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? DEFAULT_SECRET_KEY;
  const webhookSecret = options.webhookSecret ?? 'whsec_fake';
  let webhookUrl = options.webhookUrl;
  let baseUrl = '';

  const sessions = new Map<string, FakeSession>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const requests: RecordedRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();

  function sessionOf(id: string): FakeSession {
    const session = sessions.get(id);
    if (!session) throw missing('checkout.session', id, 'session');
    return session;
  }

  /** The session as Stripe answers it (without the fake's own bookkeeping). */
  function publicSession(session: FakeSession): Omit<FakeSession, 'line_items_requested' | 'payment_intent_metadata'> {
    const { line_items_requested: _items, payment_intent_metadata: _metadata, ...rest } = session;
    return rest;
  }

  function createSession(params: Record<string, unknown>): FakeSession {
    if (params.mode !== 'payment') throw invalid('This fake supports mode=payment only.', 'mode');
    const successUrl = httpUrl(params.success_url, 'success_url');
    const cancelUrl = params.cancel_url === undefined ? null : httpUrl(params.cancel_url, 'cancel_url');
    const items = Array.isArray(params.line_items) ? params.line_items.map(asRecord) : [];
    if (items.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
    let currency: string | null = null;
    let total = 0;
    items.forEach((item, index) => {
      const price = asRecord(item.price_data);
      const itemCurrency = text(price.currency);
      if (!itemCurrency || !/^[a-z]{3}$/.test(itemCurrency)) throw invalid('Invalid currency.', `line_items[${index}][price_data][currency]`);
      if (currency && currency !== itemCurrency) throw invalid('All line items must use the same currency.', `line_items[${index}][price_data][currency]`);
      currency = itemCurrency;
      if (!text(asRecord(price.product_data).name))
        throw invalid('Missing required param: product_data[name].', `line_items[${index}][price_data][product_data][name]`);
      const unitAmount = integer(price.unit_amount, `line_items[${index}][price_data][unit_amount]`);
      const quantity = integer(item.quantity, `line_items[${index}][quantity]`);
      if (unitAmount < 0 || quantity < 1) throw invalid('Invalid line item amount or quantity.', `line_items[${index}]`);
      total += unitAmount * quantity;
    });
    if (total < 50) throw invalid("The Checkout Session's total amount due must add up to at least 0.50.", 'line_items', 'amount_too_small');
    const created = nowSeconds();
    let expiresAt = created + 24 * 60 * 60;
    if (params.expires_at !== undefined) {
      expiresAt = integer(params.expires_at, 'expires_at');
      // Stripe: anywhere from 30 minutes to 24 hours after the session is created.
      if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 60 * 60) {
        throw invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
      }
    }
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: total,
      amount_total: total,
      cancel_url: cancelUrl,
      client_reference_id: text(params.client_reference_id),
      created,
      currency: currency ?? 'eur',
      customer_email: text(params.customer_email),
      expires_at: expiresAt,
      livemode: false,
      locale: text(params.locale),
      metadata: asStrings(params.metadata),
      mode: 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: successUrl,
      url: `${baseUrl}/c/pay/${id}`,
      line_items_requested: items,
      payment_intent_metadata: asStrings(asRecord(params.payment_intent_data).metadata),
    };
    sessions.set(id, session);
    return session;
  }

  function expireSession(id: string): FakeSession {
    const session = sessionOf(id);
    if (session.status !== 'open') {
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
    }
    session.status = 'expired';
    session.url = null;
    return session;
  }

  function createRefund(params: Record<string, unknown>): FakeRefund {
    const intentId = text(params.payment_intent);
    if (!intentId) throw invalid('Missing required param: payment_intent.', 'payment_intent');
    const intent = paymentIntents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') throw invalid('This PaymentIntent has no successful charge to refund.', 'payment_intent');
    const refunded = [...refunds.values()].filter((refund) => refund.payment_intent === intentId).reduce((sum, refund) => sum + refund.amount, 0);
    const amount = params.amount === undefined ? intent.amount_received - refunded : integer(params.amount, 'amount');
    if (amount <= 0 || refunded + amount > intent.amount_received) {
      throw invalid(`Charge for PaymentIntent ${intentId} has already been refunded.`, undefined, 'charge_already_refunded');
    }
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      metadata: asStrings(params.metadata),
      status: 'succeeded',
      created: nowSeconds(),
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  function sign(payload: string, signOptions: { timestamp?: number; secret?: string } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: signOptions.secret ?? webhookSecret,
      ...(signOptions.timestamp === undefined ? {} : { timestamp: signOptions.timestamp }),
    });
  }

  function signedEvent(type: string, sessionId: string, eventOptions: { timestamp?: number; secret?: string; id?: string } = {}) {
    const id = eventOptions.id ?? newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object: publicSession(sessionOf(sessionId)) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    return { id, payload, signature: sign(payload, eventOptions) };
  }

  async function sendObject(type: string, object: unknown, sendOptions: { id?: string } = {}): Promise<WebhookDelivery | null> {
    const id = sendOptions.id ?? newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    return deliver({ id, payload, signature: sign(payload) }, type);
  }

  function paidIntentOf(sessionId: string): FakePaymentIntent {
    const session = sessionOf(sessionId);
    const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (!intent || intent.status !== 'succeeded') throw new Error(`session ${sessionId} is not paid`);
    return intent;
  }

  async function refundInDashboard(sessionId: string, amount?: number) {
    const intent = paidIntentOf(sessionId);
    const refund = createRefund({ payment_intent: intent.id, ...(amount === undefined ? {} : { amount: String(amount) }) });
    return { refund, delivery: await sendObject('refund.created', refund) };
  }

  async function dispute(sessionId: string): Promise<WebhookDelivery | null> {
    const intent = paidIntentOf(sessionId);
    return sendObject('charge.dispute.created', {
      id: newId('dp'),
      object: 'dispute',
      amount: intent.amount_received,
      currency: intent.currency,
      payment_intent: intent.id,
      reason: 'fraudulent',
      status: 'needs_response',
      created: nowSeconds(),
    });
  }

  async function deliver(event: { id: string; payload: string; signature: string }, type: string): Promise<WebhookDelivery | null> {
    if (!webhookUrl) return null;
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': event.signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: event.payload,
    });
    const delivery = { event: event.id, type, status: response.status, body: await response.text() };
    deliveries.push(delivery);
    return delivery;
  }

  async function send(type: string, sessionId: string, sendOptions: { id?: string } = {}): Promise<WebhookDelivery | null> {
    const event = signedEvent(type, sessionId, sendOptions);
    return deliver(event, type);
  }

  async function pay(sessionId: string, payOptions: { async?: boolean } = {}): Promise<WebhookDelivery | null> {
    const session = sessionOf(sessionId);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
    const intent: FakePaymentIntent = {
      id: newId('pi'),
      object: 'payment_intent',
      amount: session.amount_total,
      amount_received: payOptions.async ? 0 : session.amount_total,
      currency: session.currency,
      metadata: session.payment_intent_metadata,
      status: payOptions.async ? 'processing' : 'succeeded',
    };
    paymentIntents.set(intent.id, intent);
    session.payment_intent = intent.id;
    session.status = 'complete';
    session.payment_status = payOptions.async ? 'unpaid' : 'paid';
    session.url = null;
    return send('checkout.session.completed', sessionId);
  }

  async function settleAsync(sessionId: string, succeeded: boolean): Promise<WebhookDelivery | null> {
    const session = sessionOf(sessionId);
    const intent = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (session.status !== 'complete' || !intent || intent.status !== 'processing') throw new Error(`session ${sessionId} has no payment under way`);
    intent.status = succeeded ? 'succeeded' : 'requires_payment_method';
    intent.amount_received = succeeded ? intent.amount : 0;
    session.payment_status = succeeded ? 'paid' : 'unpaid';
    return send(succeeded ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', sessionId);
  }

  async function expire(sessionId: string): Promise<WebhookDelivery | null> {
    expireSession(sessionId);
    return send('checkout.session.expired', sessionId);
  }

  /** POSTs with an Idempotency-Key: the first answer again for the same parameters, a refusal for others. */
  function idempotently(
    key: string | null,
    fingerprint: string,
    run: () => { status: number; body: unknown },
  ): { status: number; body: unknown; replayed: boolean } {
    if (!key) return { ...run(), replayed: false };
    const seen = idempotent.get(key);
    if (seen) {
      if (seen.fingerprint !== fingerprint) {
        throw new StripeApiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      return { status: seen.status, body: seen.body, replayed: true };
    }
    const result = run();
    // Stripe does not keep answers to requests that failed validation, so a corrected retry may reuse the key.
    if (result.status < 400) idempotent.set(key, { fingerprint, ...result });
    return { ...result, replayed: false };
  }

  async function api(request: IncomingMessage, response: ServerResponse, path: string, body: string): Promise<void> {
    const method = request.method ?? 'GET';
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const params = method === 'GET' ? parseStripeForm(new URL(request.url ?? '/', 'http://fake').search.slice(1)) : parseStripeForm(body);
    requests.push({ method, path, idempotencyKey, params });
    const answer = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req'), 'stripe-version': API_VERSION, ...headers });
      response.end(JSON.stringify(payload));
    };
    try {
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        throw new StripeApiError(
          401,
          'invalid_request_error',
          'Invalid API Key provided: ' + String(request.headers.authorization ?? '').replace(/^Bearer (.{8}).*$/, '$1***'),
        );
      }
      const route = `${method} ${path}`;
      let match: RegExpMatchArray | null;
      let run: (() => { status: number; body: unknown }) | null = null;
      if (route === 'POST /v1/checkout/sessions') run = () => ({ status: 200, body: publicSession(createSession(params)) });
      else if ((match = route.match(/^GET \/v1\/checkout\/sessions\/([^/]+)$/)))
        run = () => ({ status: 200, body: publicSession(sessionOf(decodeURIComponent(match?.[1] ?? ''))) });
      else if ((match = route.match(/^POST \/v1\/checkout\/sessions\/([^/]+)\/expire$/))) {
        const id = decodeURIComponent(match[1] ?? '');
        run = () => {
          const session = publicSession(expireSession(id));
          // Stripe tells the webhook too; sent after this answer, as Stripe does.
          setTimeout(() => void send('checkout.session.expired', id).catch(() => undefined), 0);
          return { status: 200, body: session };
        };
      } else if ((match = route.match(/^GET \/v1\/payment_intents\/([^/]+)$/))) {
        const id = decodeURIComponent(match[1] ?? '');
        run = () => {
          const intent = paymentIntents.get(id);
          if (!intent) throw missing('payment_intent', id, 'intent');
          return { status: 200, body: intent };
        };
      } else if (route === 'POST /v1/refunds') run = () => ({ status: 200, body: createRefund(params) });
      if (!run) throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
      const result = method === 'POST' ? idempotently(idempotencyKey, `${route} ${body}`, run) : { ...run(), replayed: false };
      answer(result.status, result.body, result.replayed ? { 'idempotent-replayed': 'true' } : {});
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      answer(error.status, {
        error: { type: error.type, message: error.message, ...(error.param ? { param: error.param } : {}), ...(error.code ? { code: error.code } : {}) },
      });
    }
  }

  async function hostedPage(request: IncomingMessage, response: ServerResponse, path: string): Promise<void> {
    const match = path.match(/^\/c\/pay\/([^/]+)(?:\/(pay|cancel))?$/);
    const session = match ? sessions.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !session) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('No such checkout session');
      return;
    }
    const action = match[2];
    if (!action && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(checkoutPage(session));
      return;
    }
    if (request.method !== 'POST' || session.status !== 'open') {
      response.writeHead(409, { 'content-type': 'text/html; charset=utf-8' }).end(checkoutPage(session));
      return;
    }
    if (action === 'pay') await pay(session.id);
    const target = action === 'pay' ? session.success_url : (session.cancel_url ?? session.success_url);
    response.writeHead(303, { location: target, 'cache-control': 'no-store' }).end();
  }

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    readBody(request)
      .then(async (body) => {
        if (path === '/health') response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        else if (path.startsWith('/v1/')) await api(request, response, path, body);
        else await hostedPage(request, response, path);
      })
      .catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
      });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${options.host ?? '127.0.0.1'}:${address.port}`;

  return {
    url: baseUrl,
    sessions,
    paymentIntents,
    refunds,
    requests,
    deliveries,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    pay,
    settleAsync,
    expire,
    sign,
    signedEvent,
    send,
    sendObject,
    refundInDashboard,
    dispute,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

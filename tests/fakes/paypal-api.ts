/**
 * A local stand-in for the parts of PayPal's REST API the shop uses (https://developer.paypal.com/api/rest/),
 * over real HTTP (node:http), so the adapter's real requests are what is tested:
 *   POST /v1/oauth2/token                               client credentials (HTTP Basic), bearer tokens
 *   POST /v2/checkout/orders                            create (PayPal-Request-Id: the same id answers the same order)
 *   GET  /v2/checkout/orders/{id}                       read
 *   POST /v2/checkout/orders/{id}/capture               capture an APPROVED order (PayPal-Request-Id replays the answer)
 *   POST /v2/payments/captures/{id}/refund              refund a capture: in full, or `amount` of it (partial refunds sum
 *                                                        up to the capture; PayPal-Request-Id replays)
 *   POST /v1/notifications/verify-webhook-signature     SUCCESS only for a delivery this fake signed, with the right webhook_id
 * What the buyer does in PayPal's popup is `approve(orderId)`; `sendWebhook(event)` signs an event and
 * posts it to `webhookUrl` the way PayPal delivers (paypal-transmission-* headers).
 * With `testHooks` (tests/fakes/serve-paypal.ts, for Playwright) it also answers, with CORS and no
 * token, POST /test/orders/{id}/approve (a fake PayPal button in the browser approves) and
 * GET /test/orders/{id} (a test reads the order as PayPal holds it).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeOrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
/** What capturing the buyer's funding gives: PayPal's capture statuses. */
export type FakeCaptureStatus = 'COMPLETED' | 'DECLINED' | 'PENDING';

interface Money {
  currency_code: string;
  value: string;
}

export interface FakeCapture {
  id: string;
  status: string;
  amount: Money;
  final_capture: boolean;
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  supplementary_data: { related_ids: { order_id: string } };
}

export interface FakeOrder {
  id: string;
  intent: string;
  status: FakeOrderStatus;
  create_time: string;
  purchase_units: {
    reference_id: string;
    custom_id?: string;
    invoice_id?: string;
    description?: string;
    amount: Money;
    payments?: { captures: FakeCapture[] };
  }[];
  payment_source?: unknown;
  payer?: { email_address: string; payer_id: string };
  links: { href: string; rel: string; method: string }[];
}

export interface FakeRefund {
  id: string;
  status: 'COMPLETED';
  amount: Money;
  captureId: string;
  requestId: string | null;
}

export interface FakePayPalRequest {
  method: string;
  path: string;
  requestId: string | null;
  prefer: string | null;
  authorization: string | null;
  body: unknown;
}

export interface PayPalWebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
}

export interface SignedDelivery {
  headers: Record<string, string>;
  body: string;
}

export interface FakePayPal {
  /** The API base, for PAYPAL_API_BASE. */
  url: string;
  port: number;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Where sendWebhook posts (the shop's /api/payments/paypal/webhook); settable once the shop listens. */
  webhookUrl: string | undefined;
  orders: Map<string, FakeOrder>;
  refunds: FakeRefund[];
  /** Every API request, oldest first (not the token requests). */
  requests: FakePayPalRequest[];
  /** How many access tokens were handed out. */
  tokensIssued(): number;
  /** How many captures were really made (replays of a PayPal-Request-Id are not new captures). */
  captureCount(orderId?: string): number;
  /** The buyer approves in PayPal's popup; `capture` is what capturing their funding will give. */
  approve(orderId: string, options?: { capture?: FakeCaptureStatus }): FakeOrder;
  /** The order is voided (the buyer never paid and PayPal gave it up). */
  voidOrder(orderId: string): FakeOrder;
  /** A capture made outside the shop (another integration, the dashboard): no request id. */
  captureElsewhere(orderId: string): FakeOrder;
  /** Tokens handed out so far stop working (as if they expired early). */
  revokeTokens(): void;
  /**
   * The next `count` requests to `method path` wait for each other and are answered together (or
   * after 5 s), so a test can make concurrent callers really see the same state.
   */
  barrier(method: string, path: string, count: number): void;
  /** A webhook event as PayPal builds it, from the order's current state. */
  event(eventType: PayPalEventType, orderId: string): PayPalWebhookEvent;
  /** The headers and body PayPal would deliver for this event, signed. */
  sign(event: PayPalWebhookEvent): SignedDelivery;
  /** Signs and posts the event to webhookUrl; answers the shop's status and body. */
  sendWebhook(event: PayPalWebhookEvent): Promise<{ status: number; body: string }>;
  /** Posts a delivery as given (a replay, or one tampered with). */
  deliver(delivery: SignedDelivery): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export type PayPalEventType =
  'CHECKOUT.ORDER.APPROVED' | 'CHECKOUT.ORDER.VOIDED' | 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.DENIED' | 'PAYMENT.CAPTURE.PENDING';

export interface FakePayPalOptions {
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  webhookUrl?: string;
  /** Lifetime of an access token, in seconds (PayPal: about 9 hours). */
  tokenTtlSeconds?: number;
  /** Serve the test hooks under /test/ (approve an order, read it), with CORS, for a browser. */
  testHooks?: boolean;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

/** PayPal's error shape: name, message, details[].issue. */
const paypalError = (status: number, name: string, issue: string, description = issue) =>
  new HttpError(status, { name, message: description, debug_id: randomBytes(6).toString('hex'), details: [{ issue, description }] });

const notFound = () => paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendJson(response: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...extraHeaders });
  response.end(JSON.stringify(body));
}

const paypalId = (length = 17) => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('');
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function header(request: IncomingMessage, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

const AMOUNT = /^\d{1,10}(\.\d{2})?$/;

export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  const host = options.host ?? '127.0.0.1';
  const clientId = options.clientId ?? 'fake-paypal-client';
  const clientSecret = options.clientSecret ?? 'fake-paypal-secret';
  const webhookId = options.webhookId ?? 'WH-FAKE-0001';
  const ttl = options.tokenTtlSeconds ?? 32_400;
  // PayPal signs with its certificate; the fake signs with a key only it knows, which is the same promise.
  const signingKey = randomBytes(32);

  const tokens = new Map<string, number>();
  let tokensIssued = 0;
  const orders = new Map<string, FakeOrder>();
  const refunds: FakeRefund[] = [];
  const requests: FakePayPalRequest[] = [];
  const captures: { orderId: string; captureId: string }[] = [];
  /** How the buyer's funding captures, per approved order. */
  const fundingOutcome = new Map<string, FakeCaptureStatus>();
  /** `<operation>:<PayPal-Request-Id>` → the answer first given, replayed as is. */
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const barriers = new Map<string, { count: number; release: (() => void)[] }>();
  /** transmission id → what was signed, so only this fake's own deliveries verify. */
  const signed = new Map<string, { time: string; bodyHash: string; signature: string }>();

  let base = '';
  const links = (order: FakeOrder) => [
    { href: `${base}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
    ...(order.status === 'CREATED' || order.status === 'PAYER_ACTION_REQUIRED'
      ? [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
      : []),
    ...(order.status === 'APPROVED' ? [{ href: `${base}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' }] : []),
  ];
  const view = (order: FakeOrder): FakeOrder => structuredClone({ ...order, links: links(order) });

  function orderOrThrow(orderId: string): FakeOrder {
    const order = orders.get(orderId);
    if (!order) throw notFound();
    return order;
  }

  function authorise(request: IncomingMessage) {
    const auth = header(request, 'authorization') ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
    const expires = tokens.get(token);
    if (expires === undefined || expires <= Date.now()) {
      throw new HttpError(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
  }

  function issueToken(request: IncomingMessage, body: string) {
    const auth = header(request, 'authorization') ?? '';
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (auth !== expected) throw new HttpError(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      throw new HttpError(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const token = `A21AA${randomBytes(24).toString('hex')}`;
    tokens.set(token, Date.now() + ttl * 1000);
    tokensIssued += 1;
    return {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-FAKE',
      expires_in: ttl,
      nonce: paypalId(20),
    };
  }

  function createOrder(body: unknown): FakeOrder {
    const input = body as { intent?: unknown; purchase_units?: unknown; payment_source?: unknown } | null;
    if (input?.intent !== 'CAPTURE' && input?.intent !== 'AUTHORIZE') throw paypalError(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'intent');
    const units = input.purchase_units;
    if (!Array.isArray(units) || units.length !== 1) throw paypalError(400, 'INVALID_REQUEST', 'INVALID_ARRAY_MAX_ITEMS', 'purchase_units');
    const unit = units[0] as { amount?: Partial<Money>; custom_id?: unknown; invoice_id?: unknown; reference_id?: unknown; description?: unknown };
    const amount = unit.amount;
    if (!amount || typeof amount.currency_code !== 'string' || !/^[A-Z]{3}$/.test(amount.currency_code)) {
      throw paypalError(400, 'INVALID_REQUEST', 'INVALID_CURRENCY_CODE', 'purchase_units[0].amount.currency_code');
    }
    if (typeof amount.value !== 'string' || !AMOUNT.test(amount.value) || Number(amount.value) <= 0) {
      throw paypalError(422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION', 'purchase_units[0].amount.value');
    }
    const text = (value: unknown, max: number) => (typeof value === 'string' && value.length <= max ? value : undefined);
    const order: FakeOrder = {
      id: paypalId(),
      intent: input.intent,
      // With payment_source.paypal PayPal answers PAYER_ACTION_REQUIRED, else CREATED; both wait for the buyer.
      status: input.payment_source ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      create_time: new Date().toISOString(),
      purchase_units: [
        {
          reference_id: text(unit.reference_id, 256) ?? 'default',
          custom_id: text(unit.custom_id, 127),
          invoice_id: text(unit.invoice_id, 127),
          description: text(unit.description, 127),
          amount: { currency_code: amount.currency_code, value: amount.value },
        },
      ],
      payment_source: input.payment_source,
      links: [],
    };
    orders.set(order.id, order);
    return order;
  }

  function capture(order: FakeOrder): FakeOrder {
    if (order.status === 'COMPLETED') throw paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (order.status !== 'APPROVED') throw paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    const unit = order.purchase_units[0] as FakeOrder['purchase_units'][number];
    const made: FakeCapture = {
      id: paypalId(),
      status: fundingOutcome.get(order.id) ?? 'COMPLETED',
      amount: { ...unit.amount },
      final_capture: true,
      custom_id: unit.custom_id,
      invoice_id: unit.invoice_id,
      create_time: new Date().toISOString(),
      supplementary_data: { related_ids: { order_id: order.id } },
    };
    unit.payments = { captures: [made] };
    // PayPal completes the order even when the capture is declined; the capture's status tells.
    order.status = 'COMPLETED';
    captures.push({ orderId: order.id, captureId: made.id });
    return order;
  }

  function findCapture(captureId: string): { order: FakeOrder; capture: FakeCapture } {
    for (const order of orders.values()) {
      const found = order.purchase_units[0]?.payments?.captures.find((item) => item.id === captureId);
      if (found) return { order, capture: found };
    }
    throw notFound();
  }

  function refund(captureId: string, requestId: string | null, asked: Money | undefined): FakeRefund {
    const { capture: captured } = findCapture(captureId);
    if (captured.status === 'REFUNDED') throw paypalError(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
    if (captured.status !== 'COMPLETED' && captured.status !== 'PARTIALLY_REFUNDED')
      throw paypalError(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_STATUS_NOT_VALID', 'Invalid capture status.');
    const cents = (money: Money) => Math.round(Number(money.value) * 100);
    const refundedBefore = refunds.filter((each) => each.captureId === captureId).reduce((sum, each) => sum + cents(each.amount), 0);
    const left = cents(captured.amount) - refundedBefore;
    const wanted = asked ? cents(asked) : left;
    if (asked && asked.currency_code !== captured.amount.currency_code)
      throw paypalError(422, 'UNPROCESSABLE_ENTITY', 'REFUND_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
    if (!(wanted > 0) || wanted > left)
      throw paypalError(
        422,
        'UNPROCESSABLE_ENTITY',
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      );
    captured.status = wanted === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const amount = { currency_code: captured.amount.currency_code, value: (wanted / 100).toFixed(2) };
    const made: FakeRefund = { id: paypalId(), status: 'COMPLETED', amount, captureId, requestId };
    refunds.push(made);
    return made;
  }

  /** Runs `operation` once per PayPal-Request-Id: a repeat gets the first answer, success or refusal. */
  function once(key: string, requestId: string | null, operation: () => { status: number; body: unknown }) {
    const stored = requestId ? idempotent.get(`${key}:${requestId}`) : undefined;
    if (stored) return stored;
    let answer: { status: number; body: unknown };
    try {
      answer = operation();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      answer = { status: error.status, body: error.body };
    }
    if (requestId) idempotent.set(`${key}:${requestId}`, answer);
    return answer;
  }

  function verifySignature(body: unknown) {
    const input = (body ?? {}) as Record<string, unknown>;
    for (const field of ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id', 'webhook_event']) {
      if (input[field] === undefined || input[field] === '') throw paypalError(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', field);
    }
    const delivery = signed.get(String(input.transmission_id));
    const bodyHash = sha256(JSON.stringify(input.webhook_event));
    const ok =
      delivery !== undefined &&
      input.webhook_id === webhookId &&
      input.auth_algo === 'SHA256withRSA' &&
      input.transmission_time === delivery.time &&
      delivery.bodyHash === bodyHash &&
      String(input.transmission_sig).length === delivery.signature.length &&
      timingSafeEqual(Buffer.from(String(input.transmission_sig)), Buffer.from(delivery.signature));
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
  }

  async function route(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    const method = request.method ?? 'GET';
    const raw = await readBody(request);

    if (options.testHooks && path.startsWith('/test/')) {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST, OPTIONS', 'access-control-allow-headers': 'content-type' };
      if (method === 'OPTIONS') {
        response.writeHead(204, cors);
        response.end();
        return;
      }
      const approveMatch = /^\/test\/orders\/([^/]+)\/approve$/.exec(path);
      if (method === 'POST' && approveMatch) return sendJson(response, 200, view(approve(decodeURIComponent(approveMatch[1] as string))), cors);
      const orderMatch = /^\/test\/orders\/([^/]+)$/.exec(path);
      if (method === 'GET' && orderMatch) return sendJson(response, 200, view(orderOrThrow(decodeURIComponent(orderMatch[1] as string))), cors);
      return sendJson(response, 404, { error: 'not found' }, cors);
    }
    if (method === 'GET' && path === '/health') return sendJson(response, 200, { ok: true });
    if (method === 'POST' && path === '/v1/oauth2/token') return sendJson(response, 200, issueToken(request, raw));

    authorise(request);
    let body: unknown = null;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        throw paypalError(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
      }
    }
    const requestId = header(request, 'paypal-request-id');
    const barrier = barriers.get(`${method} ${path}`);
    if (barrier) {
      const arrived = new Promise<void>((resolve) => barrier.release.push(resolve));
      if (barrier.release.length >= barrier.count) {
        barriers.delete(`${method} ${path}`);
        for (const release of barrier.release) release();
      } else {
        setTimeout(() => barrier.release.forEach((release) => release()), 5_000).unref();
      }
      await arrived;
    }
    requests.push({ method, path, requestId, prefer: header(request, 'prefer'), authorization: header(request, 'authorization'), body });

    if (method === 'POST' && path === '/v2/checkout/orders') {
      const answer = once('create', requestId, () => ({ status: 201, body: view(createOrder(body)) }));
      // A replay shows the order as it is now (PayPal answers the same order).
      const id = (answer.body as { id?: string }).id;
      const current = id ? orders.get(id) : undefined;
      return sendJson(response, answer.status, current ? view(current) : answer.body);
    }
    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const orderId = decodeURIComponent(orderMatch[1] as string);
      if (method === 'GET' && !orderMatch[2]) return sendJson(response, 200, view(orderOrThrow(orderId)));
      if (method === 'POST' && orderMatch[2]) {
        const answer = once(`capture:${orderId}`, requestId, () => ({ status: 201, body: view(capture(orderOrThrow(orderId))) }));
        return sendJson(response, answer.status, answer.body);
      }
    }
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (method === 'POST' && refundMatch) {
      const captureId = decodeURIComponent(refundMatch[1] as string);
      const answer = once(`refund:${captureId}`, requestId, () => {
        const asked = (body as { amount?: Money } | undefined)?.amount;
        const made = refund(captureId, requestId, asked);
        return { status: 201, body: { id: made.id, status: made.status, amount: made.amount } };
      });
      return sendJson(response, answer.status, answer.body);
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return sendJson(response, 200, verifySignature(body));
    throw notFound();
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (error instanceof HttpError) return sendJson(response, error.status, error.body);
      return sendJson(response, 500, { name: 'INTERNAL_SERVER_ERROR', message: String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  base = `http://${host}:${port}`;

  function approve(orderId: string, approval: { capture?: FakeCaptureStatus } = {}): FakeOrder {
    const order = orderOrThrow(orderId);
    if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED' && order.status !== 'APPROVED') {
      throw paypalError(422, 'UNPROCESSABLE_ENTITY', 'ORDER_CANNOT_BE_APPROVED', `Order is ${order.status}`);
    }
    order.status = 'APPROVED';
    order.payer = { email_address: 'buyer@example.test', payer_id: paypalId(13) };
    fundingOutcome.set(orderId, approval.capture ?? 'COMPLETED');
    return view(order);
  }

  function event(eventType: PayPalEventType, orderId: string): PayPalWebhookEvent {
    const order = orderOrThrow(orderId);
    const envelope = { id: `WH-${paypalId(8)}-${paypalId(17)}`, event_version: '1.0', create_time: new Date().toISOString() };
    if (eventType.startsWith('CHECKOUT.ORDER.')) {
      return {
        ...envelope,
        resource_type: 'checkout-order',
        event_type: eventType,
        summary: `An order has been ${eventType.split('.').pop()?.toLowerCase()}`,
        resource: view(order) as unknown as Record<string, unknown>,
      };
    }
    const captured = order.purchase_units[0]?.payments?.captures[0];
    if (!captured) throw new Error(`order ${orderId} has no capture yet`);
    const resource = structuredClone(captured) as unknown as Record<string, unknown>;
    return { ...envelope, resource_type: 'capture', event_type: eventType, summary: `Payment ${eventType.split('.').pop()?.toLowerCase()}`, resource };
  }

  function sign(delivered: PayPalWebhookEvent): SignedDelivery {
    const body = JSON.stringify(delivered);
    const transmissionId = randomBytes(16).toString('hex');
    const time = new Date().toISOString();
    const bodyHash = sha256(body);
    // PayPal signs `<transmission id>|<time>|<webhook id>|<crc32 of the body>`; the fake the same, keyed.
    const signature = createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${webhookId}|${bodyHash}`).digest('base64');
    signed.set(transmissionId, { time, bodyHash, signature });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signature,
        'paypal-cert-url': `${base}/v1/notifications/certs/CERT-360caa42-fca2a594-fake`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
    };
  }

  const fake: FakePayPal = {
    url: base,
    port,
    clientId,
    clientSecret,
    webhookId,
    webhookUrl: options.webhookUrl,
    orders,
    refunds,
    requests,
    tokensIssued: () => tokensIssued,
    captureCount: (orderId) => captures.filter((made) => orderId === undefined || made.orderId === orderId).length,
    approve,
    voidOrder(orderId) {
      const order = orderOrThrow(orderId);
      if (order.status === 'COMPLETED') throw new Error('a completed order cannot be voided');
      order.status = 'VOIDED';
      return view(order);
    },
    captureElsewhere: (orderId) => view(capture(orderOrThrow(orderId))),
    revokeTokens: () => tokens.clear(),
    barrier: (method, path, count) => barriers.set(`${method} ${path}`, { count, release: [] }),
    event,
    sign,
    async deliver(delivery) {
      if (!fake.webhookUrl) throw new Error('the fake PayPal has no webhookUrl to post to');
      const response = await fetch(fake.webhookUrl, { method: 'POST', headers: delivery.headers, body: delivery.body });
      return { status: response.status, body: await response.text() };
    },
    sendWebhook: (delivered) => fake.deliver(sign(delivered)),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}

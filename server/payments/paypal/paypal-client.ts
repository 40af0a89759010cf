/**
 * PayPal's REST API over fetch: an OAuth2 client-credentials token (POST /v1/oauth2/token), kept
 * until shortly before it expires and fetched once for concurrent callers, then JSON requests with
 * `Authorization: Bearer`. A token PayPal no longer accepts (401) is fetched again once. Refusals
 * become a PayPalApiError carrying PayPal's status, name and first `details[].issue`.
 */
import { z } from 'zod';

export interface PayPalCredentials {
  apiBase: string;
  clientId: string;
  clientSecret: string;
}

export class PayPalApiError extends Error {
  constructor(
    readonly status: number,
    /** PayPal's error name (UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND, ...). */
    readonly errorName: string | null,
    /** The first `details[].issue` (ORDER_ALREADY_CAPTURED, ...). */
    readonly issue: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'PayPalApiError';
  }
}

export interface PayPalRequest {
  /** A JSON body; none for GET. */
  body?: unknown;
  /** PayPal-Request-Id: PayPal answers a repeat with the first answer instead of acting twice. */
  requestId?: string;
}

export interface PayPalClient {
  request<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, options?: PayPalRequest): Promise<T>;
  /** POST with a body given as JSON text, sent byte for byte (webhook verification). */
  requestRaw<T>(path: string, schema: z.ZodType<T>, jsonText: string): Promise<T>;
}

const TIMEOUT_MS = 15_000;
/** A token is renewed this long before PayPal says it expires, so no request carries a stale one. */
const TOKEN_MARGIN_MS = 5 * 60_000;

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().positive() });
const errorSchema = z
  .object({
    name: z.string().optional(),
    error: z.string().optional(),
    message: z.string().optional(),
    error_description: z.string().optional(),
    details: z.array(z.object({ issue: z.string().optional() })).optional(),
  })
  .partial();

async function refusal(response: Response, what: string): Promise<PayPalApiError> {
  const text = await response.text().catch(() => '');
  let parsed: z.infer<typeof errorSchema> = {};
  try {
    parsed = errorSchema.parse(JSON.parse(text));
  } catch {
    // Not PayPal's JSON (a proxy's page): the status says enough.
  }
  const name = parsed.name ?? parsed.error ?? null;
  const issue = parsed.details?.[0]?.issue ?? null;
  const detail = [name, issue, parsed.message ?? parsed.error_description].filter(Boolean).join(' ');
  return new PayPalApiError(response.status, name, issue, `PayPal ${what} answered ${response.status}${detail ? `: ${detail}` : ''}`);
}

export function createPayPalClient(credentials: PayPalCredentials, now: () => number = Date.now): PayPalClient {
  let cached: { token: string; renewAt: number } | null = null;
  let fetching: Promise<string> | null = null;

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64');
    const response = await fetch(`${credentials.apiBase}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw await refusal(response, 'token request');
    const token = tokenSchema.parse(await response.json());
    cached = { token: token.access_token, renewAt: now() + Math.max(0, token.expires_in * 1000 - TOKEN_MARGIN_MS) };
    return token.access_token;
  }

  function accessToken(): Promise<string> {
    if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
    fetching ??= fetchToken().finally(() => {
      fetching = null;
    });
    return fetching;
  }

  async function send<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body: string | undefined, requestId?: string): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await accessToken();
      const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' };
      if (body !== undefined) headers['content-type'] = 'application/json';
      // The full object back (a capture's status is in it), not the minimal answer.
      if (method === 'POST') headers.prefer = 'return=representation';
      if (requestId) headers['paypal-request-id'] = requestId;
      const response = await fetch(`${credentials.apiBase}${path}`, { method, headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (response.status === 401 && attempt === 0) {
        // Revoked or expired early: forget it and try once more with a fresh one.
        if (cached?.token === token) cached = null;
        continue;
      }
      if (!response.ok) throw await refusal(response, `${method} ${path.replace(/\/[A-Z0-9]{10,}(?=\/|$)/g, '/{id}')}`);
      return schema.parse(await response.json());
    }
  }

  return {
    request: (method, path, schema, options = {}) =>
      send(method, path, schema, options.body === undefined ? undefined : JSON.stringify(options.body), options.requestId),
    requestRaw: (path, schema, jsonText) => send('POST', path, schema, jsonText),
  };
}

// One client per set of credentials for the whole process: the gateway registry builds an adapter
// per use, and a token per use would cost PayPal a token request on every call.
const clients = new Map<string, PayPalClient>();

export function payPalClientFor(credentials: PayPalCredentials): PayPalClient {
  const key = JSON.stringify([credentials.apiBase, credentials.clientId, credentials.clientSecret]);
  let client = clients.get(key);
  if (!client) {
    client = createPayPalClient(credentials);
    clients.set(key, client);
  }
  return client;
}

/**
 * Idempotency keys for submissions. A route opts in with `config: { idempotency: {} }`; a request to it
 * may then carry an `Idempotency-Key` header (the storefront sends one per submit attempt). The first
 * request with a key claims it in the database and its answer is kept for 24 hours; a retry with the
 * same key, in any API process, gets that first answer again (same status and body, header
 * `idempotent-replayed: true`) instead of running a second time.
 *
 * - The same key with a different request (method, path, body or signed-in client) → 422 IDEMPOTENCY_KEY_REUSED.
 * - A duplicate while the first is still running waits up to IDEMPOTENCY_WAIT_MS (5 s) for its answer, else 409
 *   IDEMPOTENCY_KEY_IN_PROGRESS (try again shortly).
 * - The route binds the key to the checkout it writes IN THAT CHECKOUT'S TRANSACTION (the claim is
 *   `request.idempotencyClaim`; idempotency-store.ts bindKey / keyStillHeld): a key is never bound
 *   to two checkouts, and a bound key never runs again within its TTL. So when the answer is lost
 *   after the commit — the process died, or keeping the answer failed — a retry after the lease
 *   (LEASE_MS) gets the first checkout's answer rebuilt from its rows by the route's `replay`.
 * - A 5xx answer is not kept: the key is given up and a retry runs again, unless the attempt had
 *   bound it (its checkout is written): then the lease ends at once and a retry gets that checkout's
 *   answer. An attempt whose process died before it wrote anything holds the key for LEASE_MS; a
 *   retry after that runs again.
 * - A request without the header, or one the route's `unless` exempts (price simulations), runs as usual.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';
import { createIdempotencyStore, type IdempotencyClaim } from '../modules/idempotency/index.ts';

export interface IdempotencyRouteOptions {
  /** Requests that need no key: the header is ignored for them. */
  unless?: (request: FastifyRequest) => boolean;
  /**
   * The 200 answer of the checkout an earlier attempt wrote and bound the key to (its payment's
   * hash), rebuilt from its rows, for a retry whose first answer was lost.
   */
  replay: (paymentHash: string) => Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    idempotency?: IdempotencyRouteOptions;
  }
  interface FastifyRequest {
    /** The Idempotency-Key this request holds, for the route to bind to what it writes; null without one. */
    idempotencyClaim: IdempotencyClaim | null;
  }
}

const HEADER = 'idempotency-key';
const TTL_MS = 24 * 60 * 60_000;
const LEASE_MS = 60_000;
const POLL_MS = 100;
// Visible ASCII, as a UUID or any client-chosen token.
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
// Headers of the first answer that a replay repeats.
const KEPT_HEADERS = ['content-type', 'cache-control'];
// Those of an answer rebuilt from a bound checkout: the routes answer so.
const REBUILT_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** JSON with object keys sorted, so that the same body always has the same fingerprint. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function fingerprintOf(request: FastifyRequest): string {
  const who = request.clientId ?? null;
  return createHash('sha256')
    .update(canonicalJson([request.method, request.url, request.body ?? null, who]))
    .digest('hex');
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function idempotency(app: FastifyInstance) {
  const store = createIdempotencyStore({ db: app.db, clock: app.clock, ttlMs: TTL_MS, leaseMs: LEASE_MS });
  // The claim a request holds, until its answer is kept.
  const claims = new WeakMap<FastifyRequest, IdempotencyClaim>();
  app.decorateRequest('idempotencyClaim', null);

  function claimKey(options: IdempotencyRouteOptions): preHandlerHookHandler {
    return async function (request, reply) {
      const key = request.headers[HEADER];
      if (key === undefined || options.unless?.(request)) return;
      if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
        throw new AppError('IDEMPOTENCY_KEY_INVALID', 400, 'The Idempotency-Key header must be 1 to 255 visible ASCII characters');
      }
      const fingerprint = fingerprintOf(request);
      const waitUntil = Date.now() + app.config.idempotencyWaitMs;
      for (;;) {
        const result = await store.claim(key, fingerprint);
        if (result.kind === 'claimed') {
          request.idempotencyClaim = { key, claim: result.claim };
          claims.set(request, request.idempotencyClaim);
          await store.sweepExpired();
          return;
        }
        if (result.kind === 'reused') {
          throw new AppError('IDEMPOTENCY_KEY_REUSED', 422, 'This Idempotency-Key was used for a different request');
        }
        if (result.kind === 'answered') {
          return reply
            .status(result.answer.status)
            .headers({ ...result.answer.headers, 'idempotent-replayed': 'true' })
            .send(result.answer.body);
        }
        if (result.kind === 'bound') {
          const answer = { status: 200, headers: REBUILT_HEADERS, body: JSON.stringify(await options.replay(result.paymentHash)) };
          await store.answerBound(key, result.paymentHash, answer).catch((error: unknown) => {
            request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'idempotency key answer not kept');
          });
          return reply
            .status(answer.status)
            .headers({ ...answer.headers, 'idempotent-replayed': 'true' })
            .send(answer.body);
        }
        if (Date.now() >= waitUntil) {
          throw new AppError('IDEMPOTENCY_KEY_IN_PROGRESS', 409, 'A request with this Idempotency-Key is still running; try again shortly');
        }
        await sleep(POLL_MS);
      }
    };
  }

  const keepAnswer: onSendHookHandler = async (request, reply, payload) => {
    const held = claims.get(request);
    if (!held) return payload;
    claims.delete(request);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      if (reply.statusCode >= 500 || body === null) await store.release(held.key, held.claim);
      else await store.answer(held.key, held.claim, { status: reply.statusCode, headers: keptHeaders(reply), body });
    } catch (error) {
      // The answer still goes out; the key stays claimed until its lease ends.
      request.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'idempotency key answer not kept');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    const options = route.config?.idempotency;
    if (!options) return;
    const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
    route.preHandler = [...asList(route.preHandler), claimKey(options)];
    route.onSend = [...asList(route.onSend), keepAnswer];
  });
}

export default fp(idempotency, { name: 'idempotency', dependencies: ['error-handler'] });

/**
 * Catalogue answers serialized once and reused by one process for `config.catalogueCacheMs`
 * (CATALOGUE_CACHE_MS), keyed by everything the answer depends on (resource, id, query, language).
 * What a visitor sees, availability included, is at most that stale; nothing is decided from it
 * (see server/lib/short-lived-cache.ts). A string answer bypasses Fastify's serializer, so the
 * route's response schema is checked here when answers are checked (tests, development).
 *
 * An answer is also compressed here, not by @fastify/compress (app.ts), and its compressed form is
 * kept with it: a cached answer is compressed once, not once per request. Gzip at level 1 when the
 * client takes it: ≈0.15 ms of CPU for the ≈130 kB 60-day plots (to ≈3.7 kB), where the plugin's
 * stream at brotli quality 4 cost 8 ms per answer (2.9 ms with gzip) and was paid by every answer,
 * cached or not. Brotli (quality 4, told the size) only for a client without gzip.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import { createShortLivedCache } from './short-lived-cache.ts';
import { ResponseDriftError } from '../plugins/zod-type-provider.ts';

/** What Fastify answers for an object, so a cached answer carries the same header. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Below this many characters an answer is sent as it is (compressing would save less than its headers). */
const COMPRESS_FROM = 1024;

export type AnswerEncoding = 'gzip' | 'br';

/**
 * An answer's JSON and its bytes as sent, plain or compressed, written when first sent in each.
 * A large answer goes out as bytes, never as a string: Node would join a string to the headers
 * and copy that again into the socket's buffer, and with a hundred ≈130 kB plots answers in flight
 * those copies fill the young generation, whose collections then copy them again.
 */
export interface SerializedAnswer {
  json: string;
  encoded: Partial<Record<AnswerEncoding | 'identity', Buffer>>;
}

export interface SerializedAnswers {
  /** The JSON of `read()`, from the cache while it is fresh. */
  json(key: string, read: () => Promise<unknown>): Promise<SerializedAnswer>;
  /** The same for a read that answers its JSON already written (checked like `json`'s when answers are checked). */
  serialized(key: string, read: () => Promise<string>): Promise<SerializedAnswer>;
  /** Whether `json(key)` would answer from the cache (no read). */
  has(key: string): boolean;
}

/** `route` and `schema`: the route's 200 answer, checked before it is cached when `config.checkResponses`. */
export function createSerializedAnswers(app: FastifyInstance, maxEntries: number, route: string, schema: ZodType): SerializedAnswers {
  const cache = createShortLivedCache<SerializedAnswer>({ clock: app.clock, ttlMs: app.config.catalogueCacheMs, maxEntries });
  const check = (answer: unknown): void => {
    if (!app.config.checkResponses) return;
    const result = schema.safeParse(answer);
    if (!result.success) throw new ResponseDriftError(route, 200, result.error.issues);
  };
  // The last answer of each key: one read again the same (the plots while no place moved) is that answer again,
  // with the bytes it was sent as, plain or compressed, instead of new ones. What it says was read anew.
  const last = new Map<string, SerializedAnswer>();
  const remembered = (key: string, json: string, checkNew: () => void): SerializedAnswer => {
    const previous = last.get(key);
    if (previous?.json === json) return previous;
    checkNew();
    const answer: SerializedAnswer = { json, encoded: {} };
    last.delete(key);
    last.set(key, answer);
    if (last.size > maxEntries) last.delete(last.keys().next().value as string);
    return answer;
  };
  const serialize = (key: string, answer: unknown): SerializedAnswer => remembered(key, JSON.stringify(answer), () => check(answer));
  const checked = (key: string, json: string): SerializedAnswer =>
    remembered(key, json, () => {
      if (app.config.checkResponses) check(JSON.parse(json));
    });
  return {
    json: (key, read) => cache.get(key, async () => serialize(key, await read())),
    serialized: (key, read) => cache.get(key, async () => checked(key, await read())),
    has: (key) => cache.has(key),
  };
}

/** Whether an Accept-Encoding header takes `encoding` (named, or `*`, with a quality above 0). */
function takes(acceptEncoding: string, encoding: AnswerEncoding): boolean {
  let wildcard = false;
  for (const entry of acceptEncoding.split(',')) {
    const [name = '', ...params] = entry.split(';').map((part) => part.trim().toLowerCase());
    const refused = params.some((param) => /^q=0(\.0*)?$/.test(param));
    if (name === encoding) return !refused;
    if (name === '*') wildcard = !refused;
  }
  return wildcard;
}

/** The encoding an answer is sent in for this Accept-Encoding header: gzip when taken (the cheapest), else brotli, else none. */
export function answerEncoding(acceptEncoding: string | undefined): AnswerEncoding | null {
  if (!acceptEncoding) return null;
  if (takes(acceptEncoding, 'gzip')) return 'gzip';
  return takes(acceptEncoding, 'br') ? 'br' : null;
}

function encode(json: string, encoding: AnswerEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(json, { level: 1 });
  return brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(json) } });
}

export function sendJson(reply: FastifyReply, cacheControl: string, answer: SerializedAnswer): FastifyReply {
  reply.header('cache-control', cacheControl).type(JSON_CONTENT_TYPE);
  if (answer.json.length < COMPRESS_FROM) return reply.send(answer.json);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = answerEncoding(reply.request.headers['accept-encoding']);
  if (encoding === null) return reply.send((answer.encoded.identity ??= Buffer.from(answer.json)));
  const body = (answer.encoded[encoding] ??= encode(answer.json, encoding));
  // Sent as it is: @fastify/compress leaves an answer with a Content-Encoding alone.
  return reply.header('content-encoding', encoding).send(body);
}

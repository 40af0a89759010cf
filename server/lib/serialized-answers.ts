/**
 * Catalogue answers serialized once and reused by one process for `config.catalogueCacheMs`
 * (CATALOGUE_CACHE_MS), keyed by everything the answer depends on (resource, id, query, language).
 * What a visitor sees, availability included, is at most that stale; nothing is decided from it
 * (see server/lib/short-lived-cache.ts). A string answer bypasses Fastify's serializer, so the
 * route's response schema is checked here when answers are checked (tests, development).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import { createShortLivedCache } from './short-lived-cache.ts';
import { ResponseDriftError } from '../plugins/zod-type-provider.ts';

/** What Fastify answers for an object, so a cached answer carries the same header. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface SerializedAnswers {
  /** The JSON of `read()`, from the cache while it is fresh. */
  json(key: string, read: () => Promise<unknown>): Promise<string>;
  /** The same for a read that answers its JSON already written (checked like `json`'s when answers are checked). */
  serialized(key: string, read: () => Promise<string>): Promise<string>;
  /** Whether `json(key)` would answer from the cache (no read). */
  has(key: string): boolean;
}

/** `route` and `schema`: the route's 200 answer, checked before it is cached when `config.checkResponses`. */
export function createSerializedAnswers(app: FastifyInstance, maxEntries: number, route: string, schema: ZodType): SerializedAnswers {
  const cache = createShortLivedCache<string>({ clock: app.clock, ttlMs: app.config.catalogueCacheMs, maxEntries });
  const check = (answer: unknown): void => {
    if (!app.config.checkResponses) return;
    const result = schema.safeParse(answer);
    if (!result.success) throw new ResponseDriftError(route, 200, result.error.issues);
  };
  const serialize = (answer: unknown): string => {
    check(answer);
    return JSON.stringify(answer);
  };
  const checked = (json: string): string => {
    if (app.config.checkResponses) check(JSON.parse(json));
    return json;
  };
  return {
    json: (key, read) => cache.get(key, async () => serialize(await read())),
    serialized: (key, read) => cache.get(key, async () => checked(await read())),
    has: (key) => cache.has(key),
  };
}

export function sendJson(reply: FastifyReply, cacheControl: string, json: string): FastifyReply {
  return reply.header('cache-control', cacheControl).type(JSON_CONTENT_TYPE).send(json);
}

/**
 * Catalogue answers serialized once and reused by one process for `config.catalogueCacheMs`
 * (CATALOGUE_CACHE_MS), keyed by everything the answer depends on (resource, id, query, language).
 * What a visitor sees, availability included, is at most that stale; nothing is decided from it
 * (see server/lib/short-lived-cache.ts).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createShortLivedCache } from '../../lib/short-lived-cache.ts';

/** What Fastify answers for an object, so a cached answer carries the same header. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface SerializedAnswers {
  /** The JSON of `read()`, from the cache while it is fresh. */
  json(key: string, read: () => Promise<unknown>): Promise<string>;
}

export function createSerializedAnswers(app: FastifyInstance, maxEntries: number): SerializedAnswers {
  const cache = createShortLivedCache<string>({ clock: app.clock, ttlMs: app.config.catalogueCacheMs, maxEntries });
  return {
    json: (key, read) => cache.get(key, async () => JSON.stringify(await read())),
  };
}

export function sendJson(reply: FastifyReply, cacheControl: string, json: string): FastifyReply {
  return reply.header('cache-control', cacheControl).type(JSON_CONTENT_TYPE).send(json);
}

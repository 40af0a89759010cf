/**
 * A per-process cache whose entries live `ttlMs` on the given clock, for reads that may be a few
 * seconds stale (catalogue answers). Nothing may depend on it for correctness: several processes
 * share one database and each has its own, and places, prices charged and limits are decided in
 * the checkout transaction, never from here.
 *
 * An entry holds the promise of its value, so concurrent misses for one key share one read (no
 * stampede when an entry expires under load). A failed read is forgotten at once. An entry's age
 * counts from when its read started, so what it answers is at most `ttlMs` older than the database.
 * `ttlMs` 0 turns the cache off: nothing is kept, and every answer comes from a read that started
 * after its get was called. Gets for one key that come while its read is under way share the NEXT
 * read, started when that one ends (see `coalesced`), so a hundred shoppers asking for the same slots
 * at once cost about two reads, and none of them is answered from before it asked.
 */
import type { Clock } from '../clock.ts';

export interface ShortLivedCacheOptions {
  clock: Clock;
  ttlMs: number;
  /** The oldest entries go first beyond this, so keys taken from requests cannot grow it without bound. */
  maxEntries: number;
}

export interface ShortLivedCache<V> {
  get(key: string, read: () => Promise<V>): Promise<V>;
  /** Whether `get(key)` would answer what it keeps (a fresh entry, or a read under way) rather than read. */
  has(key: string): boolean;
}

/** One key's reads with the cache off: the read under way, and the one the gets since then wait for. */
interface Flight<V> {
  next: { promise: Promise<V>; start: () => void } | null;
}

/**
 * Reads of one key that never answer from before their get: a get while no read runs starts one; a
 * get while one runs joins the read that starts as soon as it ends (one for all who came meanwhile).
 */
function coalesced<V>(): (key: string, read: () => Promise<V>) => Promise<V> {
  const flights = new Map<string, Flight<V>>();
  const run = (key: string, flight: Flight<V>, read: () => Promise<V>): Promise<V> => {
    let value: Promise<V>;
    try {
      value = read();
    } catch (error) {
      value = Promise.reject(error);
    }
    const settled = () => {
      const next = flight.next;
      flight.next = null;
      if (next) next.start();
      else flights.delete(key);
    };
    value.then(settled, settled);
    return value;
  };
  return (key, read) => {
    const flight = flights.get(key);
    if (!flight) {
      const started: Flight<V> = { next: null };
      flights.set(key, started);
      return run(key, started, read);
    }
    if (!flight.next) {
      let start = () => undefined as void;
      const promise = new Promise<V>((resolve, reject) => {
        start = () => run(key, flight, read).then(resolve, reject);
      });
      flight.next = { promise, start };
    }
    return flight.next.promise;
  };
}

export function createShortLivedCache<V>({ clock, ttlMs, maxEntries }: ShortLivedCacheOptions): ShortLivedCache<V> {
  const shared = coalesced<V>();
  const entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  return {
    has(key) {
      const cached = ttlMs > 0 ? entries.get(key) : undefined;
      return cached !== undefined && cached.expiresAt > clock.now().getTime();
    },

    get(key, read) {
      if (ttlMs <= 0) return shared(key, read);
      const now = clock.now().getTime();
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now) return cached.value;
      // Re-inserted, not updated, so that the Map's order stays oldest first; with one lifetime for
      // all, that is also soonest to expire first, so the expired ones are dropped from the front.
      entries.delete(key);
      for (const [oldKey, old] of entries) {
        if (old.expiresAt > now) break;
        entries.delete(oldKey);
      }
      const value = read();
      const entry = { value, expiresAt: now + ttlMs };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}

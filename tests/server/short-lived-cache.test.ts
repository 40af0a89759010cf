import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { createShortLivedCache } from '../../server/lib/short-lived-cache.ts';

const T0 = '2026-03-04T08:15:00.000Z';

function counter() {
  let reads = 0;
  return {
    read: async () => `value ${++reads}`,
    get reads() {
      return reads;
    },
  };
}

describe('createShortLivedCache', () => {
  it('answers a read for ttlMs and reads again from then on', async () => {
    const clock = fixedClock(T0);
    const cache = createShortLivedCache<string>({ clock, ttlMs: 2000, maxEntries: 10 });
    const source = counter();
    expect(await cache.get('a', source.read)).toBe('value 1');
    clock.set(new Date(Date.parse(T0) + 1999));
    expect(await cache.get('a', source.read)).toBe('value 1');
    clock.set(new Date(Date.parse(T0) + 2000));
    expect(await cache.get('a', source.read)).toBe('value 2');
    expect(source.reads).toBe(2);
  });

  it('keeps keys apart', async () => {
    const cache = createShortLivedCache<string>({ clock: fixedClock(T0), ttlMs: 2000, maxEntries: 10 });
    expect(await cache.get('a', async () => 'A')).toBe('A');
    expect(await cache.get('b', async () => 'B')).toBe('B');
    expect(await cache.get('a', async () => 'not read')).toBe('A');
  });

  it('lets concurrent misses share one read', async () => {
    const cache = createShortLivedCache<string>({ clock: fixedClock(T0), ttlMs: 2000, maxEntries: 10 });
    let release: (value: string) => void = () => undefined;
    let reads = 0;
    const slow = () => {
      reads += 1;
      return new Promise<string>((resolve) => (release = resolve));
    };
    const answers = Promise.all([cache.get('a', slow), cache.get('a', slow), cache.get('a', slow)]);
    release('once');
    expect(await answers).toEqual(['once', 'once', 'once']);
    expect(reads).toBe(1);
  });

  it('forgets a failed read at once', async () => {
    const cache = createShortLivedCache<string>({ clock: fixedClock(T0), ttlMs: 2000, maxEntries: 10 });
    await expect(cache.get('a', async () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
  });

  it('tells whether it keeps a fresh answer for a key, a read under way included', async () => {
    const clock = fixedClock(T0);
    const cache = createShortLivedCache<string>({ clock, ttlMs: 2000, maxEntries: 10 });
    expect(cache.has('a')).toBe(false);
    let release: (value: string) => void = () => undefined;
    const pending = cache.get('a', () => new Promise<string>((resolve) => (release = resolve)));
    expect(cache.has('a')).toBe(true);
    release('A');
    await pending;
    expect(cache.has('b')).toBe(false);
    clock.set(new Date(Date.parse(T0) + 2000));
    expect(cache.has('a')).toBe(false);
    expect(createShortLivedCache<string>({ clock, ttlMs: 0, maxEntries: 10 }).has('a')).toBe(false);
  });

  it('reads every time when ttlMs is 0', async () => {
    const cache = createShortLivedCache<string>({ clock: fixedClock(T0), ttlMs: 0, maxEntries: 10 });
    const source = counter();
    await cache.get('a', source.read);
    expect(await cache.get('a', source.read)).toBe('value 2');
  });

  it('with ttlMs 0, answers gets that come during a read from one read started after it', async () => {
    const cache = createShortLivedCache<string>({ clock: fixedClock(T0), ttlMs: 0, maxEntries: 10 });
    const releases: Array<(value: string) => void> = [];
    const slow = () => new Promise<string>((resolve) => releases.push(resolve));
    const first = cache.get('a', slow);
    const later = [cache.get('a', slow), cache.get('a', slow), cache.get('a', slow)];
    const other = cache.get('b', slow);
    // The first read, and b's; the three later gets wait for a read that has not started yet.
    expect(releases).toHaveLength(2);
    releases[0]?.('read before they came');
    expect(await first).toBe('read before they came');
    await Promise.resolve();
    expect(releases).toHaveLength(3);
    releases[2]?.('read after they came');
    expect(await Promise.all(later)).toEqual(['read after they came', 'read after they came', 'read after they came']);
    releases[1]?.('B');
    expect(await other).toBe('B');
    // Nothing is kept: the next get reads again.
    const again = cache.get('a', async () => 'fresh');
    expect(await again).toBe('fresh');
  });

  it('with ttlMs 0, fails the gets that shared a failed read and reads afresh for the next', async () => {
    const cache = createShortLivedCache<string>({ clock: fixedClock(T0), ttlMs: 0, maxEntries: 10 });
    let fail: (error: Error) => void = () => undefined;
    const first = cache.get('a', async () => 'first');
    const shared = [cache.get('a', () => new Promise<string>((_, reject) => (fail = reject))), cache.get('a', async () => 'not read')];
    expect(await first).toBe('first');
    await Promise.resolve();
    fail(new Error('database down'));
    for (const get of shared) await expect(get).rejects.toThrow('database down');
    await expect(
      cache.get('a', () => {
        throw new Error('thrown before its promise');
      }),
    ).rejects.toThrow('thrown before its promise');
    expect(await cache.get('a', async () => 'fresh')).toBe('fresh');
  });

  it('drops the oldest entry beyond maxEntries', async () => {
    const clock = fixedClock(T0);
    const cache = createShortLivedCache<string>({ clock, ttlMs: 2000, maxEntries: 2 });
    await cache.get('a', async () => 'A1');
    await cache.get('b', async () => 'B1');
    await cache.get('c', async () => 'C1');
    expect(await cache.get('b', async () => 'B2')).toBe('B1');
    expect(await cache.get('a', async () => 'A2')).toBe('A2');
  });
});

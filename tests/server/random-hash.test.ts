/** The hashes naming payments, orders and gift-card pages: 128 random bits each, never handed out twice. */
import { describe, expect, it } from 'vitest';
import { newHash } from '../../server/random-hash.ts';

describe('newHash', () => {
  it('answers 32 lower-case hex characters, distinct over many refills of its entropy pool', () => {
    const hashes = Array.from({ length: 5000 }, newHash);
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('draws its bits evenly: each hex digit appears about as often as any other', () => {
    const counts = new Map<string, number>();
    for (const hash of Array.from({ length: 4000 }, newHash)) for (const digit of hash) counts.set(digit, (counts.get(digit) ?? 0) + 1);
    // 128,000 digits, 8,000 expected per value; a bias as small as 1/16 would move one by 500.
    expect(counts.size).toBe(16);
    for (const count of counts.values()) expect(Math.abs(count - 8000)).toBeLessThan(450);
  });
});

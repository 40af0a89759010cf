/**
 * The hashes that name payments, orders and gift-card pages in URLs: 16 random bytes as 32 hex
 * characters, from the operating system's CSPRNG. The bytes are drawn 4 KiB at a time, as
 * `crypto.randomUUID` does, rather than with one system call per hash on the checkout's hot path.
 */
import { randomFillSync } from 'node:crypto';

const HASH_BYTES = 16;
const pool = Buffer.alloc(4096);
let offset = pool.length;

export function newHash(): string {
  if (offset + HASH_BYTES > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const hash = pool.toString('hex', offset, offset + HASH_BYTES);
  // Each byte is handed out once.
  pool.fill(0, offset, offset + HASH_BYTES);
  offset += HASH_BYTES;
  return hash;
}

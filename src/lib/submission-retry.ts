/**
 * Submissions (orders, and next subscriptions and vouchers) carry an `Idempotency-Key`: one per submit
 * attempt. When the answer to an attempt is lost (no answer at all, the database briefly unavailable,
 * or the same attempt still running on the server), the attempt is sent again with the SAME key, so
 * the server answers what it did the first time instead of booking twice. A new click is a new attempt
 * with a new key.
 */
import { isApiError } from './api-client.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random key for one submit attempt. */
export function newIdempotencyKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); a shop tried over plain http on a
  // local network address still needs a key.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const SENT_AGAIN = 2;

/** React Query's `retry` for a submission: only an attempt whose answer was lost, at most twice. */
export function retryLostAnswer(failureCount: number, error: unknown): boolean {
  if (failureCount >= SENT_AGAIN || !isApiError(error)) return false;
  return error.status === null || error.status === 502 || error.status === 503 || error.status === 504 || error.code === 'IDEMPOTENCY_KEY_IN_PROGRESS';
}

/** Waits a little longer before each retry: 0.5 s, then 1 s. */
export const lostAnswerRetryDelay = (failureCount: number): number => 500 * 2 ** failureCount;

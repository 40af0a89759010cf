/** The public entry of the idempotency module: what other modules, app.ts and the composition root use. */
export { bindKey, bindKeyWhenWritten, createIdempotencyStore, type IdempotencyClaim, keyStillHeld } from './idempotency-store.ts';

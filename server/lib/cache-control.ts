/** Cache lifetimes of the read endpoints. */

/** Catalogue texts change rarely and are the same for every visitor: a minute of staleness is fine. */
export const PUBLIC_CACHE = 'public, max-age=60';
/** Availability changes with every sale and hold: never reuse an answer. */
export const NO_STORE = 'no-store';

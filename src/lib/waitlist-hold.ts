/**
 * The waiting-list hold a mailed link opened (src/features/waitlist): its token goes with the order
 * of that slot (POST /api/orders `waitlist_hold`), so the order takes the places held for it. Kept in
 * sessionStorage for the visit only; forgotten once the order was sent.
 */
const KEY = 'shop.waitlistHold';

export interface WaitlistHold {
  token: string;
  plotId: number;
  /** The places held: the slot shows them as free to this visitor. */
  quantity: number;
  /** When the held places go to the next entry (ISO 8601): the flow says until when they are held. */
  expiresAt: string | null;
}

export function rememberWaitlistHold(hold: WaitlistHold): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(hold));
  } catch {
    // Storage refused (private mode): the order then competes for free places like any other.
  }
}

/** The token when one of `plotIds` is the held slot. */
export function waitlistHoldFor(plotIds: readonly (number | null | undefined)[]): string | null {
  try {
    const stored = sessionStorage.getItem(KEY);
    if (!stored) return null;
    const hold = JSON.parse(stored) as Partial<WaitlistHold>;
    return typeof hold.token === 'string' && plotIds.includes(hold.plotId) ? hold.token : null;
  } catch {
    return null;
  }
}

/** The hold this visit carries, if any. */
export function waitlistHeld(): WaitlistHold | null {
  try {
    const stored = sessionStorage.getItem(KEY);
    const hold = stored ? (JSON.parse(stored) as Partial<WaitlistHold>) : null;
    return hold && typeof hold.token === 'string' && typeof hold.plotId === 'number' && typeof hold.quantity === 'number'
      ? { token: hold.token, plotId: hold.plotId, quantity: hold.quantity, expiresAt: typeof hold.expiresAt === 'string' ? hold.expiresAt : null }
      : null;
  } catch {
    return null;
  }
}

export function forgetWaitlistHold(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing stored
  }
}

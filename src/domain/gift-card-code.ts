/**
 * Gift card codes people read out and type: groups of characters from an alphabet without
 * look-alikes (no 0/O, 1/I/L, U/V), so whatever was typed maps back to one code. The server draws
 * them from crypto randomness (server/modules/vouchers/gift-card-codes.ts); the rules of their
 * shape live here, for the storefront's input and the server's lookup alike.
 */
export const GIFT_CARD_ALPHABET = '23456789ABCDEFGHJKMNPQRSTWXYZ';
export const GIFT_CARD_GROUPS = 4;
export const GIFT_CARD_GROUP_LENGTH = 5;
export const GIFT_CARD_CODE_LENGTH = GIFT_CARD_GROUPS * GIFT_CARD_GROUP_LENGTH;
/** log2(29^20) ≈ 97 bits. */
export const GIFT_CARD_CODE_BITS = GIFT_CARD_CODE_LENGTH * Math.log2(GIFT_CARD_ALPHABET.length);

/** "ABCDE-FGHJK-…" from the bare characters. */
export function groupGiftCardCode(bare: string): string {
  const groups: string[] = [];
  for (let at = 0; at < bare.length; at += GIFT_CARD_GROUP_LENGTH) groups.push(bare.slice(at, at + GIFT_CARD_GROUP_LENGTH));
  return groups.join('-');
}

/**
 * The stored form of a typed code: upper-cased and trimmed; a code of the generated shape typed
 * with any spacing or dashes is regrouped. Null for input that cannot be any code (empty, too long).
 */
export function normaliseGiftCardCode(typed: string): string | null {
  const upper = typed.trim().toUpperCase();
  if (upper === '' || upper.length > 100) return null;
  const bare = upper.replace(/[\s-]+/g, '');
  const generated = bare.length === GIFT_CARD_CODE_LENGTH && [...bare].every((char) => GIFT_CARD_ALPHABET.includes(char));
  return generated ? groupGiftCardCode(bare) : upper;
}

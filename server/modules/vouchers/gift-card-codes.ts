/** New gift card codes and page secrets, from crypto randomness (the shape: src/domain/gift-card-code.ts). */
import { randomInt } from 'node:crypto';
import { newHash } from '../../random-hash.ts';
import { GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH, groupGiftCardCode } from '#domain/gift-card-code.ts';

/** 20 characters of a 29-letter alphabet, each drawn uniformly (randomInt rejects biased draws): ≈97 bits. */
export function newGiftCardCode(): string {
  let bare = '';
  for (let index = 0; index < GIFT_CARD_CODE_LENGTH; index += 1) bare += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  return groupGiftCardCode(bare);
}

/** 128 bits, the secret of a gift card's printable page. */
export const newGiftCardPageHash = newHash;

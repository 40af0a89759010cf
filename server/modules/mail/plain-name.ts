/**
 * The only shopper text a mail's greeting carries: a plain name. Mails go to addresses shoppers
 * type, so a "name" holding a link, an address or a sales pitch must not reach a stranger's inbox
 * in the shop's voice. Letters (any script), spaces, apostrophes, hyphens and the dot of an
 * initial survive, up to the first anything else, in at most MAX_NAME_WORDS words and
 * MAX_NAME_LENGTH characters; what is left without a letter is no name (the greeting has none).
 */
export const MAX_NAME_LENGTH = 40;
export const MAX_NAME_WORDS = 4;

// A dot only as the end of an initial ("J. R."), never inside a word ("evil.example").
const PLAIN = /^(?:[\p{L}\p{M}' -]|\.(?=\s|$))*/u;

export function plainName(...parts: (string | null | undefined)[]): string {
  const joined = parts
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  const words = (PLAIN.exec(joined)?.[0] ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_NAME_WORDS);
  const name = words.join(' ').slice(0, MAX_NAME_LENGTH).trim();
  return /\p{L}/u.test(name) ? name : '';
}

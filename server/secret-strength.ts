/**
 * A small estimate of how guessable a configured secret is, so that `aaaaaaaaaaaaaaaaaaaaaaaa` or
 * `password1234password1234` is refused at start rather than trusted. It is an upper bound of the
 * secret's entropy judged from the text alone: the Shannon entropy of its characters (how evenly it
 * uses the ones it has) times its length, where a text that is one piece repeated counts that piece
 * once. A sequence has as little to guess as a repetition, however many different characters it
 * uses (`abcdefghijklmnopqrstuvwx`, the bytes 0, 1, 2 … 31): the same is judged of the steps between
 * neighbouring symbols, and the lower of the two estimates counts. A secret made by a generator
 * (`openssl rand -base64 32`: about 200 bits here) passes with room; one typed by a person rarely does.
 */

/** The shortest piece the text is made of by repetition (the whole text when it is not repetitive). */
function period(symbols: readonly number[]): number {
  for (let length = 1; length <= symbols.length / 2; length++) {
    if (symbols.length % length !== 0) continue;
    if (symbols.every((symbol, index) => symbol === symbols[index % length])) return length;
  }
  return symbols.length;
}

/** Shannon entropy in bits per symbol of these symbols' own frequencies. */
function bitsPerSymbol(symbols: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const symbol of symbols) counts.set(symbol, (counts.get(symbol) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / symbols.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

/** The bits of the symbols themselves, a repeated piece counted once. */
function bitsOf(symbols: readonly number[]): number {
  if (symbols.length === 0) return 0;
  const piece = symbols.slice(0, period(symbols));
  return piece.length * bitsPerSymbol(piece);
}

/** Bits in a byte (the first symbol of a sequence is about that much to guess). */
const FIRST_SYMBOL_BITS = 8;

/** Estimated bits of a secret: its characters (a string) or its bytes (a key). */
export function estimatedSecretBits(secret: string | Uint8Array): number {
  const symbols = typeof secret === 'string' ? Array.from(secret, (char) => char.codePointAt(0) as number) : Array.from(secret);
  if (symbols.length === 0) return 0;
  const steps = symbols.slice(1).map((symbol, index) => symbol - (symbols[index] as number));
  const asSequence = symbols.length > 1 ? Math.min(bitsOf(symbols), FIRST_SYMBOL_BITS + bitsOf(steps)) : bitsOf(symbols);
  return Math.min(bitsOf(symbols), asSequence);
}

/** Throws, naming the setting, when the secret's estimate is below `minBits`. */
export function assertStrongSecret(name: string, secret: string | Uint8Array, minBits: number, howToMake: string): void {
  const bits = estimatedSecretBits(secret);
  if (bits < minBits) {
    throw new Error(`${name} is too easy to guess (about ${Math.floor(bits)} bits of entropy; at least ${minBits} needed): use a random value (${howToMake})`);
  }
}

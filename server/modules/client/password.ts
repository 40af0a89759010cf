/**
 * Client passwords: argon2id PHC strings (`$argon2id$v=19$m=…`), with the library's defaults
 * (19 MiB, 2 passes), which follow the OWASP recommendation.
 */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the enum is a `const enum` in the typings, which isolated modules cannot import.
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | undefined;

/** A hash of nothing anyone knows, made once per process: it holds no state worth sharing. */
function throwAwayHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** Computes the throw-away hash ahead of the first unknown e-mail, so that one is not slower either. */
export function preparePasswordChecks(): void {
  void throwAwayHash();
}

/**
 * Checks a password against a stored hash. For an unknown e-mail pass `null`: a throw-away hash
 * is verified instead, so that the answer takes as long as for a known one and the timing does
 * not tell which addresses have accounts.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    await verify(await throwAwayHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a 500.
    return false;
  }
}

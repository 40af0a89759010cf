/** Staff passwords: argon2id PHC strings, like the client module's (same library, same defaults). */
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (a `const enum` in the typings, which isolated modules cannot import).
const ARGON2ID = 2;

export function hashStaffPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | undefined;

/** A hash of nothing anyone knows, made once per process: an unknown e-mail takes as long as a known one. */
function throwAwayHash(): Promise<string> {
  dummyHash ??= hashStaffPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/** Checks a password; `null` (unknown, disabled or not yet set) verifies a throw-away hash and answers false. */
export async function verifyStaffPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    await verify(await throwAwayHash(), password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

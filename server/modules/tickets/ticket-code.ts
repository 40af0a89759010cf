/**
 * The content of an e-ticket's QR code: `T1.<ticket id>.<nonce>.<signature>`, the signature an
 * Ed25519 signature (node:crypto) by the shop over `T1.<ticket id>.<nonce>`. A gate holding only the
 * shop's PUBLIC key can tell a genuine code from a forged one offline; the random nonce makes codes
 * unguessable, and nothing in it is the order's hash (the key to the order's pages).
 *
 * The key: TICKET_SIGNING_KEY, the 32-byte Ed25519 seed in base64url (generate one with
 * `npm run ticket-key`). Production refuses to start without it (config.ts). Elsewhere the data
 * directory keeps its own development key, made at random the first time it is needed and written to
 * `DATA_DIR/ticket-signing-key` (mode 0600), so codes stay valid across restarts of one development
 * shop and nobody can work the key out from where the shop keeps its data.
 */
import { createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTicketCode, TICKET_CODE_PREFIX } from '#domain/ticket-code.ts';

const PREFIX = TICKET_CODE_PREFIX;
// DER header of a PKCS#8 Ed25519 private key; the 32-byte seed follows.
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface TicketKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key, SPKI PEM: what a gate or the verify script needs. */
  publicPem: string;
}

export function ticketKeysFromSeed(seed: Buffer): TicketKeys {
  if (seed.length !== 32) throw new Error('TICKET_SIGNING_KEY must be 32 bytes (base64url)');
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString() };
}

/** The file in DATA_DIR that keeps the development key (base64url seed). */
export const DEVELOPMENT_KEY_FILE = 'ticket-signing-key';

function readSeed(file: string): Buffer {
  const seed = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  if (seed.length !== 32) throw new Error(`${file} does not hold a 32-byte ticket key; delete it to have a new one made`);
  return seed;
}

/**
 * The data directory's development key: read when it is there, else made at random and written once.
 * Written under another name first and then linked into place, so two processes starting together
 * agree on one key and none reads a half-written file. An in-memory database keeps none: a key per process.
 */
export function developmentSeed(dataDir: string): Buffer {
  if (dataDir.startsWith('memory://')) return randomBytes(32);
  const file = join(dataDir, DEVELOPMENT_KEY_FILE);
  try {
    return readSeed(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(draft, 0o600);
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readSeed(file);
}

/** The configured key, or the data directory's development key. */
export function ticketKeys(config: { ticketSigningKey: string | null; dataDir: string }): TicketKeys {
  if (config.ticketSigningKey) return ticketKeysFromSeed(Buffer.from(config.ticketSigningKey, 'base64url'));
  return ticketKeysFromSeed(developmentSeed(config.dataDir));
}

export const newNonce = () => randomBytes(12).toString('base64url');

export function signTicket(keys: Pick<TicketKeys, 'privateKey'>, ticket: { id: number; nonce: string }): string {
  const body = `${PREFIX}.${ticket.id}.${ticket.nonce}`;
  return `${body}.${sign(null, Buffer.from(body), keys.privateKey).toString('base64url')}`;
}

/** The ticket a code names when the shop signed it; null for anything else (malformed, forged, another key). */
export function readTicketCode(publicKey: KeyObject, code: string): { id: number; nonce: string } | null {
  // The format is the shared rule (src/domain/ticket-code.ts; the gate scanner verifies with it offline).
  const parts = parseTicketCode(code);
  if (!parts) return null;
  const ok = verify(null, Buffer.from(parts.body), publicKey, Buffer.from(parts.signature, 'base64url'));
  return ok ? { id: parts.id, nonce: parts.nonce } : null;
}

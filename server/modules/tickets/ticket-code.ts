/**
 * The content of an e-ticket's QR code: `T1.<ticket id>.<nonce>.<signature>`, the signature an
 * Ed25519 signature (node:crypto) by the shop over `T1.<ticket id>.<nonce>`. A gate holding only the
 * shop's PUBLIC key can tell a genuine code from a forged one offline; the random nonce makes codes
 * unguessable, and nothing in it is the order's hash (the key to the order's pages).
 *
 * The key: TICKET_SIGNING_KEY, the 32-byte Ed25519 seed in base64url (generate one with
 * `npm run ticket-key`). Production refuses to start without it (config.ts). Elsewhere a
 * development key is derived from the database location, so codes stay valid across restarts
 * of one development database — never use that outside development.
 */
import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';

const PREFIX = 'T1';
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

/** The configured key, or the development key derived from where the data lives. */
export function ticketKeys(config: { ticketSigningKey: string | null; databaseUrl?: string | undefined; dataDir: string }): TicketKeys {
  if (config.ticketSigningKey) return ticketKeysFromSeed(Buffer.from(config.ticketSigningKey, 'base64url'));
  const where = config.databaseUrl ?? config.dataDir;
  return ticketKeysFromSeed(createHash('sha256').update(`development ticket key for ${where}`).digest());
}

export const newNonce = () => randomBytes(12).toString('base64url');

export function signTicket(keys: Pick<TicketKeys, 'privateKey'>, ticket: { id: number; nonce: string }): string {
  const body = `${PREFIX}.${ticket.id}.${ticket.nonce}`;
  return `${body}.${sign(null, Buffer.from(body), keys.privateKey).toString('base64url')}`;
}

/** The ticket a code names when the shop signed it; null for anything else (malformed, forged, another key). */
export function readTicketCode(publicKey: KeyObject, code: string): { id: number; nonce: string } | null {
  const parts = code.trim().split('.');
  if (parts.length !== 4 || parts[0] !== PREFIX) return null;
  const [, idText, nonce, signature] = parts as [string, string, string, string];
  if (!/^[1-9]\d{0,9}$/.test(idText) || !/^[\w-]{8,64}$/.test(nonce) || !/^[\w-]{80,100}$/.test(signature)) return null;
  const id = Number(idText);
  if (id > 2_147_483_647) return null;
  const ok = verify(null, Buffer.from(`${PREFIX}.${idText}.${nonce}`), publicKey, Buffer.from(signature, 'base64url'));
  return ok ? { id, nonce } : null;
}

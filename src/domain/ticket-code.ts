/**
 * The e-ticket QR code's format and its verify rule, shared by the server (server/modules/tickets/
 * ticket-code.ts signs and verifies with node:crypto) and the back office's gate scanner (verifies
 * offline with WebCrypto, `crypto.subtle` 'Ed25519', in Chromium and Node 20).
 *
 * A code is `T1.<ticket id>.<nonce>.<signature>`: the signature an Ed25519 signature by the shop over
 * `T1.<ticket id>.<nonce>` in base64url. Anything else (malformed, altered, another key) names no ticket.
 */
export const TICKET_CODE_PREFIX = 'T1';

export interface TicketCodeParts {
  id: number;
  nonce: string;
  /** The signed text, `T1.<id>.<nonce>`. */
  body: string;
  /** The signature, base64url. */
  signature: string;
}

/** A code's parts when it has the shape of one (its signature not checked yet); null otherwise. */
export function parseTicketCode(code: string): TicketCodeParts | null {
  const parts = code.trim().split('.');
  if (parts.length !== 4 || parts[0] !== TICKET_CODE_PREFIX) return null;
  const [, idText, nonce, signature] = parts as [string, string, string, string];
  if (!/^[1-9]\d{0,9}$/.test(idText) || !/^[\w-]{8,64}$/.test(nonce) || !/^[\w-]{80,100}$/.test(signature)) return null;
  const id = Number(idText);
  if (id > 2_147_483_647) return null;
  return { id, nonce, body: `${TICKET_CODE_PREFIX}.${idText}.${nonce}`, signature };
}

/** base64url (padding optional) to bytes, without Buffer (the browser has none). */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The shop's public key (SPKI DER, base64url: GET /api/backoffice/gate/day's `public_key`) for WebCrypto. */
export function importTicketPublicKey(spkiBase64Url: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('spki', base64UrlBytes(spkiBase64Url), { name: 'Ed25519' }, false, ['verify']);
}

/** The ticket a code names when the shop signed it (WebCrypto); null for anything else. */
export async function verifyTicketCode(publicKey: CryptoKey, code: string): Promise<{ id: number; nonce: string } | null> {
  const parts = parseTicketCode(code);
  if (!parts) return null;
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = base64UrlBytes(parts.signature);
  } catch {
    return null;
  }
  const ok = await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, signature, new TextEncoder().encode(parts.body)).catch(() => false);
  return ok ? { id: parts.id, nonce: parts.nonce } : null;
}

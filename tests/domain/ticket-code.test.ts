/** The shared verify rule: a code the server signs verifies with WebCrypto and the public key alone; nothing else does. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { importTicketPublicKey, parseTicketCode, verifyTicketCode } from '#domain/ticket-code.ts';
import { readTicketCode, signTicket, ticketKeysFromSeed } from '../../server/modules/tickets/ticket-code.ts';

const keys = ticketKeysFromSeed(randomBytes(32));
const spki = keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64url');
const code = signTicket(keys, { id: 4711, nonce: 'abcdefghijklmnop' });

describe('ticket code verify (WebCrypto, shared with the gate scanner)', () => {
  it('accepts a code the shop signed, naming its ticket', async () => {
    const key = await importTicketPublicKey(spki);
    expect(await verifyTicketCode(key, code)).toEqual({ id: 4711, nonce: 'abcdefghijklmnop' });
    expect(await verifyTicketCode(key, `  ${code}\n`)).toEqual({ id: 4711, nonce: 'abcdefghijklmnop' });
    expect(readTicketCode(keys.publicKey, code)).toEqual({ id: 4711, nonce: 'abcdefghijklmnop' });
  });

  it('refuses an altered id, another key and malformed text', async () => {
    const key = await importTicketPublicKey(spki);
    const altered = code.replace('T1.4711.', 'T1.4712.');
    expect(parseTicketCode(altered)).not.toBeNull();
    expect(await verifyTicketCode(key, altered)).toBeNull();
    expect(readTicketCode(keys.publicKey, altered)).toBeNull();
    const other = ticketKeysFromSeed(randomBytes(32));
    expect(await verifyTicketCode(key, signTicket(other, { id: 4711, nonce: 'abcdefghijklmnop' }))).toBeNull();
    for (const text of ['', 'T1.1.2', 'T2.4711.abcdefghijklmnop.' + 'A'.repeat(86), 'T1.0.abcdefghijklmnop.' + 'A'.repeat(86), '=HYPERLINK("x")']) {
      expect(await verifyTicketCode(key, text)).toBeNull();
    }
  });
});

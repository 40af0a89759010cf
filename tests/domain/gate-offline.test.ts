/**
 * The gate scanner's offline answer (src/backoffice/pages/gate/gate-offline.ts): the signature checked
 * with the day's public key, then the kept day's list decides; a valid scan is marked used and queued
 * with its scan time for POST /gate/sync.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GateDay } from '#domain/contracts/gate.schema.ts';
import { importTicketPublicKey } from '#domain/ticket-code.ts';
import { decideOffline, recordOnline } from '../../src/backoffice/pages/gate/gate-offline.ts';
import { signTicket, ticketKeysFromSeed } from '../../server/modules/tickets/ticket-code.ts';

const keys = ticketKeysFromSeed(randomBytes(32));
const code = (id: number) => signTicket(keys, { id, nonce: `nonce-${id}-abcdef` });
const ticket = (id: number, status: 'PAID' | 'REFUNDED' | 'CANCELLED' = 'PAID') => ({
  id,
  order_number: 1000 + id,
  position: 1,
  of: 2,
  name: 'Gita Poort',
  title: 'Zoo day ticket',
  status,
  used_at: null,
  used_where: null,
});
const day: GateDay = {
  date: '2026-11-27',
  public_key: keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64url'),
  tickets: [ticket(1), ticket(2, 'REFUNDED')],
};
const now = new Date('2026-11-27T10:00:00Z');

describe('gate scanner offline', () => {
  it('lets a genuine ticket of the day in once, queues it, and calls the second scan already used', async () => {
    const key = await importTicketPublicKey(day.public_key);
    const first = await decideOffline(day, key, code(1), now, 'North gate');
    expect(first.scan).toMatchObject({ result: 'valid', used_where: 'North gate', ticket: { order_number: 1001, name: 'Gita Poort' } });
    expect(first.queued).toEqual({ code: code(1), scanned_at: now.toISOString() });
    expect(day.tickets[0]!.used_at).toBeNull(); // the kept day is not changed in place

    const second = await decideOffline(first.day, key, code(1), new Date('2026-11-27T10:05:00Z'), 'South gate');
    expect(second.scan).toMatchObject({ result: 'already_used', used_at: now.toISOString(), used_where: 'North gate' });
    expect(second.queued).toBeNull();
  });

  it('refuses a refunded ticket, another day’s, an altered and a forged code without queueing', async () => {
    const key = await importTicketPublicKey(day.public_key);
    const forged = signTicket(ticketKeysFromSeed(randomBytes(32)), { id: 1, nonce: 'nonce-1-abcdef' });
    const altered = code(1).replace('T1.1.', 'T1.3.');
    const results = await Promise.all([code(2), code(99), altered, forged, 'hello'].map((text) => decideOffline(day, key, text, now, 'gate')));
    expect(results.map((outcome) => outcome.scan.result)).toEqual(['refunded', 'wrong_day', 'unknown', 'unknown', 'unknown']);
    expect(results.every((outcome) => outcome.queued === null)).toBe(true);
  });

  it('marks a ticket the server let in as used on the kept list', () => {
    const after = recordOnline(day, 1, { result: 'valid', used_at: now.toISOString(), used_where: 'gate', ticket: null });
    expect(after.tickets[0]).toMatchObject({ used_at: now.toISOString(), used_where: 'gate' });
    expect(recordOnline(day, 1, { result: 'unknown', used_at: null, used_where: null, ticket: null })).toBe(day);
  });
});

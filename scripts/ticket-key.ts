/**
 * Prints a new e-ticket signing key for TICKET_SIGNING_KEY and the public key that checks its
 * codes offline (server/modules/tickets/ticket-code.ts). `npm run ticket-key`.
 */
import { randomBytes } from 'node:crypto';
import { ticketKeysFromSeed } from '../server/modules/tickets/ticket-code.ts';

const seed = randomBytes(32);
const keys = ticketKeysFromSeed(seed);
process.stdout.write(`TICKET_SIGNING_KEY=${seed.toString('base64url')}\n\nPublic key (for gates that verify offline):\n${keys.publicPem}`);

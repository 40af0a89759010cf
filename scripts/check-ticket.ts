/**
 * Checks a scanned e-ticket code OFFLINE, with the shop's public key only: genuine or not (a gate
 * without a connection). Whether it was used already is the verify endpoint's answer
 * (POST /api/tickets/verify), which also checks it in. `npm run ticket-check -- '<code>'`.
 * The key: TICKET_PUBLIC_KEY (PEM, as `npm run ticket-key` prints it), else the one of this
 * shop's TICKET_SIGNING_KEY (or its development key).
 */
import { createPublicKey } from 'node:crypto';
import { loadConfig } from '../server/config.ts';
import { readTicketCode, ticketKeys } from '../server/modules/tickets/ticket-code.ts';

const code = process.argv[2] ?? '';
const publicKey = process.env.TICKET_PUBLIC_KEY ? createPublicKey(process.env.TICKET_PUBLIC_KEY) : ticketKeys(loadConfig()).publicKey;
const ticket = readTicketCode(publicKey, code);
process.stdout.write(ticket ? `genuine: ticket ${ticket.id}\n` : 'not a genuine ticket of this shop\n');
process.exitCode = ticket ? 0 : 1;

/**
 * A gate's check of a scanned e-ticket code. `npm run ticket-check -- '<code>'` checks it OFFLINE,
 * with the shop's public key only: genuine or not (a gate without a connection). The key:
 * TICKET_PUBLIC_KEY (PEM, as `npm run ticket-key` prints it), else the one of this shop's
 * TICKET_SIGNING_KEY (or the development key kept in DATA_DIR).
 * `npm run ticket-check -- '<code>' --check-in https://shop.example` checks it in at the shop
 * (POST /api/tickets/verify: valid now, already used, for another day or product, or unknown), as an operator: the shop's
 * CHECKIN_TOKEN must be in this process's environment.
 */
import { createPublicKey } from 'node:crypto';
import { loadConfig } from '../server/config.ts';
import { readTicketCode, ticketKeys } from '../server/modules/tickets/ticket-code.ts';

const [code = '', flag, shopUrl] = process.argv.slice(2);

async function checkIn(base: string): Promise<number> {
  const token = process.env.CHECKIN_TOKEN?.trim();
  if (!token) {
    process.stderr.write('CHECKIN_TOKEN is not set: only the shop’s gate operators may check tickets in\n');
    return 2;
  }
  const response = await fetch(new URL('/api/tickets/verify', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ code }),
  });
  const answer = (await response.json()) as { result?: string; error?: string; used_at?: string };
  if (!response.ok) {
    process.stderr.write(`refused: ${response.status} ${answer.error ?? ''}\n`);
    return 2;
  }
  process.stdout.write(`${answer.result}${answer.used_at ? ` (${answer.used_at})` : ''}\n`);
  return answer.result === 'valid' ? 0 : 1;
}

function offline(): number {
  const publicKey = process.env.TICKET_PUBLIC_KEY ? createPublicKey(process.env.TICKET_PUBLIC_KEY) : ticketKeys(loadConfig()).publicKey;
  const ticket = readTicketCode(publicKey, code);
  process.stdout.write(ticket ? `genuine: ticket ${ticket.id}\n` : 'not a genuine ticket of this shop\n');
  return ticket ? 0 : 1;
}

process.exitCode = flag === '--check-in' && shopUrl ? await checkIn(shopUrl) : offline();

/**
 * What the gate scanner keeps for working offline: the day's tickets and the shop's public key (GET
 * /gate/day), the check-ins made offline waiting for POST /gate/sync, and this gate's name — in
 * localStorage (a day's list is small: an id, a name and a title per ticket). `decideOffline` is the
 * offline answer to a scan: the signature verified with the public key (src/domain/ticket-code.ts, the
 * server's own rule), then the day's list decides valid / already used / refunded / wrong day; a
 * valid scan is marked used in the kept list and queued with its scan time (the server resolves two
 * gates' check-ins first-wins by that time when they sync).
 */
import type { GateDay, GateDayTicket, GateScan } from '#domain/contracts/gate.schema.ts';
import { verifyTicketCode } from '#domain/ticket-code.ts';

export interface QueuedScan {
  code: string;
  scanned_at: string;
}

const DAY_KEY = 'backoffice.gate.day';
const QUEUE_KEY = 'backoffice.gate.queue';
const WHERE_KEY = 'backoffice.gate.where';
const CONFLICTS_KEY = 'backoffice.gate.conflicts';

/** A check-in this device let through offline that the server, at sync, found was not valid (a duplicate, mostly). */
export interface SyncConflict {
  scanned_at: string;
  scan: GateScan;
}

function read<T>(key: string): T | null {
  try {
    const text = localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or private mode: the copy in memory still serves this visit.
  }
}

export const gateStore = {
  day: () => read<GateDay>(DAY_KEY),
  saveDay: (day: GateDay) => write(DAY_KEY, day),
  queue: () => read<QueuedScan[]>(QUEUE_KEY) ?? [],
  saveQueue: (queue: QueuedScan[]) => write(QUEUE_KEY, queue),
  where: () => read<string>(WHERE_KEY) ?? '',
  saveWhere: (where: string) => write(WHERE_KEY, where),
  conflicts: () => read<SyncConflict[]>(CONFLICTS_KEY) ?? [],
  saveConflicts: (conflicts: SyncConflict[]) => write(CONFLICTS_KEY, conflicts),
};

function scanOf(ticket: GateDayTicket, date: string): GateScan['ticket'] {
  return {
    order_number: ticket.order_number,
    position: ticket.position,
    of: ticket.of,
    product_id: 0,
    title: ticket.title,
    date,
    audience: null,
    name: ticket.name,
  };
}

/**
 * The offline answer to a scanned code from the kept day (and the day with the ticket marked used when
 * it is let in). `key` is the day's public key imported for WebCrypto.
 */
export async function decideOffline(
  day: GateDay,
  key: CryptoKey,
  code: string,
  now: Date,
  where: string,
): Promise<{ scan: GateScan; day: GateDay; queued: QueuedScan | null }> {
  const refused = (result: GateScan['result'], ticket: GateDayTicket | null = null): { scan: GateScan; day: GateDay; queued: null } => ({
    scan: { result, used_at: ticket?.used_at ?? null, used_where: ticket?.used_where ?? null, ticket: ticket ? scanOf(ticket, day.date) : null },
    day,
    queued: null,
  });
  const read = await verifyTicketCode(key, code);
  if (!read) return refused('unknown');
  const ticket = day.tickets.find((candidate) => candidate.id === read.id);
  // Genuine (the signature holds) but not among the day's tickets: another day's.
  if (!ticket) return { scan: { result: 'wrong_day', used_at: null, used_where: null, ticket: null }, day, queued: null };
  if (ticket.status !== 'PAID') return refused('refunded', ticket);
  if (ticket.used_at) return refused('already_used', ticket);
  const used: GateDayTicket = { ...ticket, used_at: now.toISOString(), used_where: where };
  return {
    scan: { result: 'valid', used_at: used.used_at, used_where: where, ticket: scanOf(used, day.date) },
    day: { ...day, tickets: day.tickets.map((candidate) => (candidate.id === ticket.id ? used : candidate)) },
    queued: { code: code.trim(), scanned_at: now.toISOString() },
  };
}

/** The kept day after an online answer: a ticket let in (or found used) is marked used offline too. */
export function recordOnline(day: GateDay, ticketId: number | null, scan: GateScan): GateDay {
  if (ticketId === null || !scan.used_at) return day;
  return {
    ...day,
    tickets: day.tickets.map((ticket) =>
      ticket.id === ticketId && !ticket.used_at ? { ...ticket, used_at: scan.used_at, used_where: scan.used_where } : ticket,
    ),
  };
}

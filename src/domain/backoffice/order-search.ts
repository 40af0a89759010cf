/**
 * What the orders desk's search box was given (issue 21 item 1): an order number (digits), an
 * e-ticket's code (`T1.<id>.<nonce>.<signature>`, server/modules/tickets/ticket-code.ts), an e-mail
 * address or its beginning (has an @), or else a name's beginning — which may also be a gift card's
 * code, so the server looks that up too. Shared by the desk's page (the hint under the box) and the
 * server's search (server/modules/order-desk/order-search.ts).
 */
export type OrderSearchTerm =
  | { kind: 'number'; number: number }
  | { kind: 'ticket'; id: number; nonce: string }
  | { kind: 'email'; prefix: string }
  | { kind: 'text'; prefix: string }
  | { kind: 'none' };

/** The longest search text kept; anything longer is cut (a name or e-mail address is shorter). */
export const ORDER_SEARCH_MAX = 200;
const TICKET = /^T1\.(\d{1,10})\.([A-Za-z0-9_-]{8,64})(?:\.[A-Za-z0-9_-]*)?$/;

export function classifyOrderSearch(typed: string | null | undefined): OrderSearchTerm {
  const text = (typed ?? '').trim().slice(0, ORDER_SEARCH_MAX);
  if (text === '') return { kind: 'none' };
  const bare = text.replace(/^#/, '').replace(/\s+/g, '');
  if (/^\d{1,10}$/.test(bare) && Number(bare) <= 2_147_483_647) return { kind: 'number', number: Number(bare) };
  const ticket = TICKET.exec(text);
  if (ticket) return { kind: 'ticket', id: Number(ticket[1]), nonce: ticket[2] as string };
  const lower = text.toLowerCase().replace(/\s+/g, ' ');
  if (lower.includes('@')) return { kind: 'email', prefix: lower.replace(/ /g, '') };
  return { kind: 'text', prefix: lower };
}

/** A LIKE pattern's own characters escaped (\ % _), so typed text matches literally. */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

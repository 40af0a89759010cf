/**
 * Which audience a ticket admits. An order's tickets are numbered 1..quantity and its audience lines
 * are kept in the order they were written: the first line's tickets come first, then the next line's
 * (2 × Adult, 1 × Child: tickets 1 and 2 are Adult, ticket 3 Child). A refund marks tickets, never
 * renumbers them or the lines, so a ticket keeps its audience. Positions past the lines: null.
 */
export function audienceOfTicket<T extends { quantity: number }>(lines: readonly T[], position: number): T | null {
  let last = 0;
  for (const line of lines) {
    last += Math.max(0, line.quantity);
    if (position <= last) return position >= 1 ? line : null;
  }
  return null;
}

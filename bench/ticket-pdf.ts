/**
 * npm run bench:ticket-pdf — rendering an order's PDF e-tickets (server/modules/tickets/ticket-pdf.ts):
 * p50/p95 over BENCH_RENDERS renders (default 200, after 20 to warm up) of a 4-ticket PDF with the demo
 * shop's logo, each ticket a fresh signed code (so no QR code is drawn twice). The renderer alone: the
 * order's read is one indexed query and a few small ones (ticket-document.ts).
 * Target: p95 ≤ 100 ms (the figure for a receipt PDF). Exit 1 above it.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { ticketKeysFromSeed, newNonce, signTicket } from '../server/modules/tickets/ticket-code.ts';
import { brandingColours } from '../server/modules/tickets/ticket-branding.ts';
import type { TicketDocument } from '../server/modules/tickets/ticket-document.ts';
import { renderTicketPdf } from '../server/modules/tickets/ticket-pdf.ts';

const renders = Number(process.env.BENCH_RENDERS ?? 200);
const warmUp = 20;
const keys = ticketKeysFromSeed(Buffer.alloc(32, 9));
const logoPng = await sharp(readFileSync(new URL('../public/images/logo.svg', import.meta.url)))
  .resize({ height: 200, fit: 'inside' })
  .png()
  .toBuffer();
const branding = { ...brandingColours('1abc9c'), logoPng };

let nextId = 1;
function fourTickets(): TicketDocument {
  return {
    orderId: 1,
    orderNumber: 482913576,
    language: 'en',
    holder: 'Ada Lovelace',
    shop: { name: 'Tidewater Zoo & Aquarium', colour: '1abc9c', logo: '/images/logo.svg', timezone: 'Europe/Amsterdam' },
    product: { id: 1, title: 'Behind the scenes tour' },
    plot: { id: 1, date: '2030-06-12', start: '15:00', end: '16:30' },
    when: 'Wednesday 12 June 2030, 15:00 - 16:30',
    tickets: ['Adult', 'Adult', 'Child', 'Child'].map((audience, index) => {
      const ticket = { id: (nextId += 1), nonce: newNonce() };
      return { id: ticket.id, position: index + 1, code: signTicket(keys, ticket), audience };
    }),
    issued: 4,
  };
}

const times: number[] = [];
let bytes = 0;
for (let run = 0; run < warmUp + renders; run += 1) {
  const document = fourTickets();
  const started = performance.now();
  const pdf = await renderTicketPdf(document, branding);
  if (run >= warmUp) times.push(performance.now() - started);
  bytes = pdf.length;
}
times.sort((a, b) => a - b);
const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] as number;
const p50 = at(0.5);
const p95 = at(0.95);
console.log(`4-ticket PDF (${Math.round(bytes / 1024)} KiB): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${renders} renders`);
if (p95 > 100) {
  console.error('above the target of p95 ≤ 100 ms');
  process.exit(1);
}

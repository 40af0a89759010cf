/**
 * The addresses of a paid order's tickets to print and to carry (server: modules/tickets/ticket-documents.routes.ts):
 * plain links, as the browser downloads the file (or, for Google Wallet, follows the redirect to its save page).
 */
import { config } from '../../../lib/config.ts';

const order = (hash: string) => `${config.apiBase}/orders/${encodeURIComponent(hash)}`;

export const ticketPdfUrl = (hash: string) => `${order(hash)}/tickets.pdf`;
export const applePassUrl = (hash: string, position: number) => `${order(hash)}/tickets/${position}/apple-wallet`;
export const googleWalletUrl = (hash: string) => `${order(hash)}/google-wallet`;

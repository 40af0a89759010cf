/** The public entry of the tickets module: what other modules, app.ts and the composition root use. */
export { ticketKeys } from './ticket-code.ts';
export { ticketRoutes } from './tickets.routes.ts';
export { gateRoutes } from './gate.routes.ts';
export { createTicketService, issueTicketCodes, refundTickets, validTicketPositions } from './tickets.service.ts';
export { createTicketBranding } from './ticket-branding.ts';
export { createTicketDocuments, TICKET_PDF_ATTACHMENT, ticketPdfAttachment, type TicketDocuments } from './ticket-documents.service.ts';

/**
 * A paid order with its e-tickets, and a gate's check-in answer (paid-order.schema.ts holds the
 * shapes; type-only imports here: the storefront bundles no zod).
 */
import type { z } from 'zod';
import type { paidOrderSchema, paidOrderTicketSchema, ticketVerifyResponseSchema } from './paid-order.schema.ts';

export type PaidOrder = z.infer<typeof paidOrderSchema>;
export type PaidOrderTicket = z.infer<typeof paidOrderTicketSchema>;
export type TicketVerifyResponse = z.infer<typeof ticketVerifyResponseSchema>;

/** Subscription orders and renewals (spec sections 3 and 7); the shapes are written once, in subscription-order.schema.ts. */
import type { z } from 'zod';
import type {
  customerGroupsSchema,
  passRequestSchema,
  subscriptionOrderRequestSchema,
  subscriptionOrderResponseSchema,
  subscriptionRenewalSchema,
} from './subscription-order.schema.ts';

export type SubscriptionOrderRequest = z.input<typeof subscriptionOrderRequestSchema>;
export type ParsedSubscriptionOrderRequest = z.infer<typeof subscriptionOrderRequestSchema>;
export type PassRequest = z.input<typeof passRequestSchema>;
export type SubscriptionOrderResponse = z.infer<typeof subscriptionOrderResponseSchema>;
export type SubscriptionRenewal = z.infer<typeof subscriptionRenewalSchema>;
export type CustomerGroups = z.infer<typeof customerGroupsSchema>;

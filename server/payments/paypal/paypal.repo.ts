/** The PayPal webhook's one query: our payment by the PayPal order it created (payments.provider_reference). */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payments, type PaymentRecord } from '../../db/schema/index.ts';

export async function findPayPalPaymentByOrderId(db: Executor, orderId: string): Promise<PaymentRecord | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, 'paypal'), eq(payments.providerReference, orderId)))
    .limit(1);
  return row ?? null;
}

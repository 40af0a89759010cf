/** Queries for refund requests: storing one, and where the organisation wants to hear of it. */
import { asc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { organisations, refundRequests } from '../../db/schema/index.ts';
import type { Language } from '#domain/languages.ts';

export async function insertRefundRequest(
  db: Executor,
  request: { firstName: string; lastName: string; email: string; address: string; orderNumber: string; comment: string; language: Language; createdAt: Date },
): Promise<number> {
  const [row] = await db.insert(refundRequests).values(request).returning({ id: refundRequests.id });
  if (!row) throw new Error('insertRefundRequest: the insert returned no row');
  return row.id;
}

export async function findOrganisationContact(db: Executor) {
  const [row] = await db
    .select({
      notificationEmail: organisations.notificationEmail,
      email: organisations.email,
      defaultLanguage: organisations.defaultLanguage,
      texts: organisations.texts,
    })
    .from(organisations)
    .orderBy(asc(organisations.id))
    .limit(1);
  return row ?? null;
}

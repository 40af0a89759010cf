/**
 * The back office's audience editing: the visitor audiences (adult, child…) products and
 * subscriptions sell to. A save is ONE transaction with its audit row; audiences carry no version
 * (their few fields are edited rarely; the audit keeps before and after).
 */
import { asc, eq } from 'drizzle-orm';
import type { AudienceEditorInput } from '#domain/backoffice/catalogue-editor.ts';
import type { Database } from '../../../db/client.ts';
import { audiences } from '../../../db/schema/index.ts';
import { notFound } from '../../../errors.ts';
import type { StaffActor, StaffAudit } from '../../../staff-audit.ts';
import { cleanTexts, shopLanguages } from '../../organisation/index.ts';

function audienceView(row: typeof audiences.$inferSelect) {
  return { id: row.id, group: row.group, sort: row.sort, texts: row.texts };
}

export function createAudienceEditing({ db, audit }: { db: Database; audit: StaffAudit }) {
  return {
    async listAudiences() {
      const rows = await db.select().from(audiences).orderBy(asc(audiences.sort), asc(audiences.id));
      return rows.map(audienceView);
    },

    async createAudience(actor: StaffActor, input: AudienceEditorInput) {
      return db.transaction(async (tx) => {
        const shop = await shopLanguages(tx);
        const [row] = await tx
          .insert(audiences)
          .values({ group: input.group, sort: input.sort, texts: cleanTexts(input.texts, shop, { html: ['description'], required: 'name' }) })
          .returning();
        const after = audienceView(row!);
        await audit(tx, { staffId: actor.staffId, action: 'audience.create', entity: 'audience', entityId: row!.id, before: null, after });
        return after;
      });
    },

    /** Renames or reorders an audience. */
    async updateAudience(actor: StaffActor, id: number, input: AudienceEditorInput) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(audiences).where(eq(audiences.id, id)).for('update');
        if (!current) throw notFound('No such audience');
        const shop = await shopLanguages(tx);
        const [row] = await tx
          .update(audiences)
          .set({ group: input.group, sort: input.sort, texts: cleanTexts(input.texts, shop, { html: ['description'], required: 'name' }) })
          .where(eq(audiences.id, id))
          .returning();
        const after = audienceView(row!);
        await audit(tx, { staffId: actor.staffId, action: 'audience.update', entity: 'audience', entityId: id, before: audienceView(current), after });
        return after;
      });
    },
  };
}

export type AudienceEditing = ReturnType<typeof createAudienceEditing>;

/**
 * The back office's FAQ questions (answers are HTML, sanitised). A save or delete is ONE transaction
 * that reads the row locked, refuses a stale edit (a row's version is a tag of its content: the
 * organisation module's contentVersion), writes, and records its audit row (`audit`, the staff
 * module's recordAudit). The FAQ's switch and contact details live on the organisation's row: the
 * organisation module edits them.
 */
import { asc, eq } from 'drizzle-orm';
import type { FaqQuestionEditorInput, FaqQuestionEditorView } from '#domain/backoffice/settings-editor.ts';
import type { Database } from '../../db/client.ts';
import { faqQuestions } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { StaffActor, StaffAudit } from '../../staff-audit.ts';
import { cleanTexts, contentVersion, lockedShopLanguages, staleContent } from '../organisation/index.ts';
import type { FaqQuestionRow } from './faq.repo.ts';

function questionView(row: FaqQuestionRow): FaqQuestionEditorView {
  return { id: row.id, version: contentVersion(row), sort: row.sort, texts: row.texts };
}

export function createFaqEditing({ db, audit }: { db: Database; audit: StaffAudit }) {
  return {
    async listQuestions(): Promise<FaqQuestionEditorView[]> {
      const rows = await db.select().from(faqQuestions).orderBy(asc(faqQuestions.sort), asc(faqQuestions.id));
      return rows.map(questionView);
    },

    async saveQuestion(actor: StaffActor, input: FaqQuestionEditorInput, existing: { id: number; version: string } | null): Promise<FaqQuestionEditorView> {
      return db.transaction(async (tx) => {
        const texts = cleanTexts(input.texts, await lockedShopLanguages(tx), { html: ['answer'], required: 'question' });
        const columns = { sort: input.sort, texts };
        if (!existing) {
          const [row] = await tx.insert(faqQuestions).values(columns).returning();
          const after = questionView(row!);
          await audit(tx, { staffId: actor.staffId, action: 'faq_question.create', entity: 'faq_question', entityId: row!.id, before: null, after });
          return after;
        }
        const [current] = await tx.select().from(faqQuestions).where(eq(faqQuestions.id, existing.id)).for('update');
        if (!current) throw notFound('No such question');
        if (contentVersion(current) !== existing.version) throw staleContent('question');
        const [row] = await tx.update(faqQuestions).set(columns).where(eq(faqQuestions.id, existing.id)).returning();
        const after = questionView(row!);
        await audit(tx, {
          staffId: actor.staffId,
          action: 'faq_question.update',
          entity: 'faq_question',
          entityId: existing.id,
          before: questionView(current),
          after,
        });
        return after;
      });
    },

    async deleteQuestion(actor: StaffActor, id: number, version: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [current] = await tx.select().from(faqQuestions).where(eq(faqQuestions.id, id)).for('update');
        if (!current) throw notFound('No such question');
        if (contentVersion(current) !== version) throw staleContent('question');
        await tx.delete(faqQuestions).where(eq(faqQuestions.id, id));
        await audit(tx, {
          staffId: actor.staffId,
          action: 'faq_question.delete',
          entity: 'faq_question',
          entityId: id,
          before: questionView(current),
          after: null,
        });
      });
    },
  };
}

export type FaqEditing = ReturnType<typeof createFaqEditing>;

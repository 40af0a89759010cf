/**
 * Attachments of outbox mails, rendered when the mail is SENT from a reference the outbox row keeps
 * (`payload.attachments`: `{ kind, ref }`), never as bytes in the table: the document shows what is
 * true when it leaves (a ticket moved since shows its new slot) and the outbox stays small. The
 * composition root gives the mail worker one renderer per kind (an order's PDF tickets, …); a renderer
 * answering null attaches nothing (the order has nothing to show any more). A kind no renderer knows
 * fails the mail, which is retried: a process of an older build may have claimed it.
 */

/** What an outbox row keeps of an attachment: its kind and what the kind's renderer needs to find it. */
export interface MailAttachmentRef {
  kind: string;
  ref: Record<string, string | number>;
}

export interface RenderedAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export type MailAttachmentRenderer = (ref: Record<string, unknown>) => Promise<RenderedAttachment | null>;
export type MailAttachmentRenderers = Readonly<Record<string, MailAttachmentRenderer>>;

/** A receipt, invoice or credit note (the documents module renders it: documentPdfAttachment). */
export const DOCUMENT_ATTACHMENT = 'document';
export const documentAttachment = (documentId: number): MailAttachmentRef => ({ kind: DOCUMENT_ATTACHMENT, ref: { document: documentId } });

/** The references of a claimed mail's payload (what enqueueMail wrote). */
export function attachmentRefs(payload: Record<string, unknown> | null): MailAttachmentRef[] {
  const list = payload?.attachments;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (item): item is MailAttachmentRef =>
      typeof item === 'object' && item !== null && typeof (item as MailAttachmentRef).kind === 'string' && typeof (item as MailAttachmentRef).ref === 'object',
  );
}

/** The mail's attachments rendered now, in the order they were queued; a kind without a renderer throws. */
export async function renderAttachments(payload: Record<string, unknown> | null, renderers: MailAttachmentRenderers): Promise<RenderedAttachment[]> {
  const rendered = [];
  for (const { kind, ref } of attachmentRefs(payload)) {
    const render = renderers[kind];
    if (!render) throw new Error(`no renderer for the mail attachment kind "${kind}"`);
    const attachment = await render(ref);
    if (attachment) rendered.push(attachment);
  }
  return rendered;
}

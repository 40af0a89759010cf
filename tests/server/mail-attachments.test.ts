/**
 * Mail attachments through the real mail worker, a real database and a real SMTP server: the outbox
 * keeps a reference ({ kind, ref }), the renderer of its kind makes the document when the mail is sent
 * (so it shows what is true then), a renderer answering null attaches nothing, and a kind no renderer
 * knows fails the mail, which stays in the outbox to be retried.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { outbox } from '../../server/db/schema/index.ts';
import type { MailAttachmentRenderers } from '../../server/modules/mail/index.ts';
import { startMailWorker } from '../../server/modules/mail/mail-worker.ts';
import { enqueueMail } from '../../server/modules/mail/outbox.repo.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { openTestDatabase } from './helpers/test-app.ts';

const clock = fixedClock(new Date('2030-03-01T09:00:00Z'));
const logger = { info: () => undefined, error: () => undefined };
let database: DatabaseHandle;
let sink: SmtpSink;
/** What the documents say now: changed between queueing and sending. */
const notes = new Map<number, string>();
const renderers: MailAttachmentRenderers = {
  note: async (ref) => {
    const text = notes.get(Number(ref.id));
    return text === undefined ? null : { fileName: `note-${String(ref.id)}.txt`, contentType: 'text/plain', content: Buffer.from(text) };
  },
};

const mail = (subject: string, attachments: { kind: string; ref: Record<string, number> }[]) =>
  enqueueMail(database.db, { kind: 'test', recipient: 'someone@example.test', subject, text: 'See the attachment.', attachments });

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
  sink = await startSmtpSink();
});

afterAll(async () => {
  await sink?.close();
  await database?.close();
});

describe('mail attachments', () => {
  it('are kept as references and rendered when the mail is sent, as they are then; null attaches nothing', async () => {
    notes.set(1, 'first version');
    const id = await mail('With notes', [
      { kind: 'note', ref: { id: 1 } },
      { kind: 'note', ref: { id: 2 } },
    ]);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.payload).toEqual({
      attachments: [
        { kind: 'note', ref: { id: 1 } },
        { kind: 'note', ref: { id: 2 } },
      ],
    });
    notes.set(1, 'changed before sending');

    const worker = startMailWorker({
      db: database.db,
      config: { smtpUrl: sink.url, mailFrom: 'shop@example.test' },
      logger,
      clock,
      poll: false,
      attachments: renderers,
    });
    try {
      expect(await worker.runOnce()).toBe(1);
    } finally {
      await worker.stop();
    }
    const raw = sink.received.find((received) => received.subject === 'With notes')?.raw ?? '';
    expect(raw).toContain('filename=note-1.txt');
    expect(raw).toContain(Buffer.from('changed before sending').toString('base64'));
    expect(raw).not.toContain('note-2.txt');
  });

  it('fail the mail when no renderer knows their kind: it stays unsent with the error, to be retried', async () => {
    const id = await mail('Unknown kind', [{ kind: 'invoice', ref: { id: 7 } }]);
    const worker = startMailWorker({
      db: database.db,
      config: { smtpUrl: sink.url, mailFrom: 'shop@example.test' },
      logger,
      clock,
      poll: false,
      attachments: renderers,
    });
    try {
      expect(await worker.runOnce()).toBe(0);
    } finally {
      await worker.stop();
    }
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ sentAt: null, attempts: 1, lastError: expect.stringContaining('"invoice"') });
    expect(sink.received.some((received) => received.subject === 'Unknown kind')).toBe(false);
  });
});

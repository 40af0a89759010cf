/**
 * The mail worker against a real SMTP server (tests/server/helpers/smtp-sink.ts) and a real
 * database: delivery, marking sent, failures with back-off, and claims shared by several workers.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { outbox } from '../../server/db/schema/index.ts';
import { startMailWorker, type MailWorker } from '../../server/modules/mail/mail-worker.ts';
import { claimDueMails, enqueueMail } from '../../server/modules/mail/outbox.repo.ts';
import { startSmtpSink, type SmtpSink } from './helpers/smtp-sink.ts';
import { openTestDatabase, testDatabaseUrl } from './helpers/test-app.ts';

const START = new Date('2030-03-01T09:00:00Z');
const clock = fixedClock(START);
const logLines: string[] = [];
const logger = {
  info: (...args: unknown[]) => void logLines.push(args.map(String).join(' ')),
  error: (...args: unknown[]) => void logLines.push(args.map(String).join(' ')),
};

let database: DatabaseHandle;
let sink: SmtpSink;
const workers: MailWorker[] = [];

function worker(options: { smtpUrl?: string | undefined; db?: DatabaseHandle } = {}): MailWorker {
  const started = startMailWorker({
    db: (options.db ?? database).db,
    config: { smtpUrl: 'smtpUrl' in options ? options.smtpUrl : sink.url, mailFrom: 'Tidewater shop <shop@tidewater.example>' },
    logger,
    clock,
    poll: false,
  });
  workers.push(started);
  return started;
}

async function enqueue(count: number, prefix = 'Mail') {
  for (let index = 1; index <= count; index += 1) {
    await enqueueMail(database.db, {
      kind: 'test',
      recipient: `person${index}@example.test`,
      subject: `${prefix} ${index}`,
      text: `Body ${index}`,
      html: `<p>Body ${index}</p>`,
    });
  }
}

const rows = () => database.db.select().from(outbox).orderBy(asc(outbox.id));

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate();
});

afterAll(async () => {
  await database.close();
});

beforeEach(async () => {
  clock.set(START);
  logLines.length = 0;
  await database.db.delete(outbox);
  sink = await startSmtpSink();
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((started) => started.stop()));
  await sink.close();
});

describe('mail worker', () => {
  it('delivers pending mails over SMTP and marks them sent, once', async () => {
    await enqueue(3);
    const mailWorker = worker();

    expect(await mailWorker.runOnce()).toBe(3);
    expect(sink.received.map((mail) => mail.subject)).toEqual(['Mail 1', 'Mail 2', 'Mail 3']);
    expect(sink.received[0]?.to).toEqual(['person1@example.test']);
    expect(sink.received[0]?.from).toBe('shop@tidewater.example');
    expect(sink.received[0]?.raw).toContain('Body 1');
    for (const row of await rows()) {
      expect(row.sentAt?.toISOString()).toBe(START.toISOString());
      expect(row.attempts).toBe(1);
      expect(row.lastError).toBeNull();
    }

    expect(await mailWorker.runOnce()).toBe(0);
    expect(sink.received).toHaveLength(3);
  });

  it('sets the reply-to of a mail from its payload', async () => {
    await enqueueMail(database.db, { kind: 'test', recipient: 'office@example.test', subject: 'Hello', text: 'Hi', replyTo: 'dana@example.test' });
    expect(await worker().runOnce()).toBe(1);
    expect(sink.received[0]?.headers['reply-to']).toBe('dana@example.test');
  });

  it('works through more mails than one batch in several runs', async () => {
    await enqueue(12);
    const mailWorker = worker();
    expect(await mailWorker.runOnce()).toBe(10);
    expect(await mailWorker.runOnce()).toBe(2);
    expect(await mailWorker.runOnce()).toBe(0);
    expect(new Set(sink.received.map((mail) => mail.subject)).size).toBe(12);
  });

  it('records the error of a failing SMTP server, keeps the mail pending and retries it after a back-off', async () => {
    await enqueue(1);
    await sink.close();
    const failing = worker();

    expect(await failing.runOnce()).toBe(0);
    const [failed] = await rows();
    expect(failed?.sentAt).toBeNull();
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed?.lockedUntil?.getTime()).toBeGreaterThan(START.getTime());

    // Still backing off: not tried again at once.
    expect(await failing.runOnce()).toBe(0);
    expect((await rows())[0]?.attempts).toBe(1);

    // The server is back and the back-off has passed: delivered.
    sink = await startSmtpSink();
    clock.set(new Date(START.getTime() + 31_000));
    expect(await worker().runOnce()).toBe(1);
    const [delivered] = await rows();
    expect(delivered?.sentAt).not.toBeNull();
    expect(delivered?.attempts).toBe(2);
    expect(delivered?.lastError).toBeNull();
    expect(sink.received.map((mail) => mail.subject)).toEqual(['Mail 1']);
  });

  it('does not claim a mail another worker holds until its claim runs out', async () => {
    await enqueue(1);
    // A worker claimed it (locked for a while) and then died without sending.
    await database.db.update(outbox).set({ lockedUntil: new Date(START.getTime() + 60_000), attempts: 1 });
    expect(await worker().runOnce()).toBe(0);
    clock.set(new Date(START.getTime() + 61_000));
    expect(await worker().runOnce()).toBe(1);
  });

  it('gives up on a mail after 10 attempts and leaves it in the outbox', async () => {
    await enqueue(1);
    await database.db.update(outbox).set({ attempts: 10, lastError: 'mailbox unavailable' });
    expect(await worker().runOnce()).toBe(0);
    expect(sink.received).toHaveLength(0);
    expect((await rows())[0]?.sentAt).toBeNull();
  });

  it('waits for the batch in progress when stopped', async () => {
    await enqueue(2);
    const mailWorker = worker();
    const running = mailWorker.runOnce();
    await mailWorker.stop();
    expect(sink.received).toHaveLength(2);
    expect(await running).toBe(2);
  });

  it('without SMTP_URL sends nothing, says so, and leaves mails in the outbox', async () => {
    await enqueue(1);
    const idle = worker({ smtpUrl: undefined });
    expect(await idle.runOnce()).toBe(0);
    await idle.stop();
    expect(logLines.join('\n')).toMatch(/SMTP_URL is not set/);
    expect((await rows())[0]?.sentAt).toBeNull();
    expect(sink.received).toHaveLength(0);
  });

  it('two workers running at the same time deliver each mail exactly once', async () => {
    await sink.close();
    sink = await startSmtpSink({ delayMs: 3 });
    const total = 40;
    await enqueue(total, 'Concurrent');
    // On PostgreSQL each worker gets its own connection pool, as separate API processes would.
    const second = testDatabaseUrl() ? await openDatabase({ databaseUrl: testDatabaseUrl(), poolSize: 3 }) : database;
    try {
      const drain = async (mailWorker: MailWorker) => {
        let delivered = 0;
        for (let round = 0; round < 20; round += 1) {
          const sent = await mailWorker.runOnce();
          delivered += sent;
          if (sent === 0) break;
        }
        return delivered;
      };
      const [first, other] = await Promise.all([drain(worker()), drain(worker({ db: second }))]);
      // A worker that found everything claimed stops early; drain once more to finish up.
      const rest = await drain(worker());

      expect(first + other + rest).toBe(total);
      const subjects = sink.received.map((mail) => mail.subject);
      expect(subjects).toHaveLength(total);
      expect(new Set(subjects).size).toBe(total);
      const pending = await database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.attempts, 0));
      expect(pending).toHaveLength(0);
      for (const row of await rows()) expect(row.attempts).toBe(1);
    } finally {
      if (second !== database) await second.close();
    }
  });

  // Needs a second connection holding a row lock: PostgreSQL only (PGlite has one connection),
  // so it is registered only in the server:postgres project, which CI always runs.
  const onPostgres = testDatabaseUrl() ? it : () => undefined;
  onPostgres('passes over mails another worker is claiming at this moment, without waiting', async () => {
    await enqueue(5);
    const second = await openDatabase({ databaseUrl: testDatabaseUrl(), poolSize: 2 });
    try {
      await second.db.transaction(async (tx) => {
        // Another process is in the middle of claiming these mails (its claim is not committed yet).
        const claimed = await claimDueMails(tx, { now: START, lockUntil: new Date(START.getTime() + 60_000), batchSize: 10, maxAttempts: 10 });
        expect(claimed).toHaveLength(5);
        const blocked = new Promise((resolve) => setTimeout(() => resolve('blocked'), 2_000));
        // Without SKIP LOCKED this worker would wait for that claim, and without FOR UPDATE it
        // would then take the same mails again.
        expect(await Promise.race([worker().runOnce(), blocked])).toBe(0);
      });
      expect(sink.received).toHaveLength(0);
      expect(await worker().runOnce()).toBe(0);
    } finally {
      await second.close();
    }
  });
});

/**
 * Prints the mail outbox (pending and sent mails, newest first) of the database the server uses:
 * DATABASE_URL, or else the PGlite data directory DATA_DIR (default ./data).
 *
 *   npx tsx scripts/outbox.ts [--limit 50]
 *
 * Without SMTP_URL the server sends no mail, so this is where to read what it would have sent.
 * A PGlite data directory can be opened by one process at a time: stop the server first.
 */
import { loadConfig, type Config } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { listOutbox } from '../server/modules/mail/outbox.repo.ts';

function describeDatabase(config: Config): string {
  return config.databaseUrl ? config.databaseUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@') : `PGlite ${config.dataDir}`;
}

function limitFromArgs(args: string[]): number {
  const index = args.indexOf('--limit');
  const value = index >= 0 ? Number(args[index + 1]) : 50;
  return Number.isInteger(value) && value > 0 ? value : 50;
}

const indent = (text: string) => text.trimEnd().replace(/^/gm, '      ');

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const limit = limitFromArgs(process.argv.slice(2));
    const mails = await listOutbox(database.db, limit).catch((error: { code?: string; cause?: { code?: string } }) => {
      if (error.code === '42P01' || error.cause?.code === '42P01') throw new Error('This database has no outbox yet: start the server once to create it.');
      throw error;
    });
    const pending = mails.filter((mail) => mail.sentAt === null).length;
    console.log(`Outbox of ${describeDatabase(config)}: newest ${mails.length} (${pending} pending, ${mails.length - pending} sent)`);
    if (!config.smtpUrl) console.log('SMTP_URL is not set: the server sends no mail; pending mails wait here.');
    for (const mail of mails) {
      const state = mail.sentAt
        ? `sent ${mail.sentAt.toISOString()}`
        : `PENDING (attempts ${mail.attempts}${mail.lastError ? `, last error: ${mail.lastError}` : ''})`;
      console.log(`\n#${mail.id}  created ${mail.createdAt.toISOString()}  ${state}`);
      console.log(`  To:      ${mail.recipient}`);
      console.log(`  Subject: ${mail.subject}`);
      console.log(indent(mail.text));
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

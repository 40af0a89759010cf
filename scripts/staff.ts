/**
 * Back-office staff from the command line (the first owner of a new shop, or a locked-out one):
 *
 *   npm run staff -- add --email owner@example.com --role owner [--name "Olivia"]
 *   npm run staff -- link --email owner@example.com      (a new set-password link for an account)
 *
 * Prints a one-time set-password link (valid 72 hours) to open in a browser. Production, compiled:
 * `node dist-server/staff.js add --email … --role owner`. Uses the server's database (DATABASE_URL,
 * or the PGlite DATA_DIR, which one process at a time can open: stop the server first). Audited
 * with no staff member as the author.
 */
import { parseArgs } from 'node:util';
import { systemClock } from '../server/clock.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createLoginThrottle } from '../server/modules/client/index.ts';
import { createStaffService, setPasswordLink } from '../server/modules/staff/index.ts';
import { findStaffByEmail } from '../server/modules/staff/staff.repo.ts';
import { isStaffRole, STAFF_ROLES } from '#domain/backoffice/staff-roles.ts';

const USAGE = `Usage: npm run staff -- add --email <e-mail> --role <${STAFF_ROLES.join('|')}> [--name <name>]
       npm run staff -- link --email <e-mail>`;

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
  });
  const command = positionals[0];
  const email = values.email?.trim().toLowerCase();
  if ((command !== 'add' && command !== 'link') || !email || (command === 'add' && !isStaffRole(values.role))) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    const db = database.db;
    const service = createStaffService({
      db,
      clock: systemClock,
      throttle: createLoginThrottle({ db, clock: systemClock, config }),
      sessions: config.staffSessions,
    });
    const token = await db.transaction(async (tx) => {
      if (command === 'add' && isStaffRole(values.role)) {
        const name = values.name?.trim() || email.split('@')[0] || email;
        return (await service.createStaff(tx, { email, name, role: values.role, byStaffId: null })).token;
      }
      const staff = await findStaffByEmail(tx, email);
      if (!staff) throw new Error(`No staff account with the e-mail address ${email}.`);
      return service.issuePasswordToken(tx, staff.id);
    });
    console.log(setPasswordLink(config.publicUrl, token));
    console.error('(works once, for 72 hours)');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.message}` : error);
  process.exitCode = 1;
});

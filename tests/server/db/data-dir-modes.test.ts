/**
 * PGlite's data directory (every order, customer and password hash) is the shop user's alone: no file
 * or directory in it readable or writable by the group or others, after the first start, after a table
 * is created later, and on a directory an older version left world-writable.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/client.ts';

const root = mkdtempSync(join(tmpdir(), 'shop-modes-'));

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path under `dir` (itself included) whose mode lets the group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    if ((statSync(path).mode & 0o077) !== 0) found.push(`${path} ${(statSync(path).mode & 0o777).toString(8)}`);
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(path, entry.name));
      else if (entry.isFile()) found.push(...((statSync(join(path, entry.name)).mode & 0o077) !== 0 ? [join(path, entry.name)] : []));
    }
  };
  walk(dir);
  return found;
}

describe('the PGlite data directory', () => {
  const dataDir = join(root, 'data');

  it('is 0700 with 0600 files after the first start and after new tables', async () => {
    const database = await openDatabase({ dataDir });
    try {
      await database.db.execute(sql`create table made_later (id int primary key, note text)`);
      await database.db.execute(sql`insert into made_later values (1, 'private')`);
      await database.db.execute(sql`checkpoint`);
    } finally {
      await database.close();
    }
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dataDir).length).toBeGreaterThan(5);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('is made private again when opened, when an older version left it world-writable', async () => {
    chmodSync(dataDir, 0o777);
    chmodSync(join(dataDir, 'PG_VERSION'), 0o666);
    const database = await openDatabase({ dataDir });
    await database.close();
    expect(openToOthers(dataDir)).toEqual([]);
  });
});

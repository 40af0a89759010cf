// Starts one of the e2e run's shops (playwright.config.ts) as production runs it, the compiled server, on a copy of
// a demo shop prepared once per run: migrating and seeding takes seconds, copying a fraction of one. The copy is kept
// per CAPTCHA_SITE_KEY, which the seed writes into the organisation. Every other setting comes from the environment.
//
// On PostgreSQL when E2E_DATABASE_URL is set (an admin URL whose role may create databases): the template is a
// database (E2E_DATABASE_PREFIX + _demo…) and the shop's own a `CREATE DATABASE … TEMPLATE` copy named after E2E_SHOP;
// serve-all.mjs drops the run's databases when it stops. Otherwise in an embedded PGlite directory (DATA_DIR), the
// template a directory under E2E_DATA_TEMPLATES.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const templates = process.env.E2E_DATA_TEMPLATES;
const dataDir = process.env.DATA_DIR;
const adminUrl = process.env.E2E_DATABASE_URL;
if (!templates || !dataDir) throw new Error('serve-shop.mjs needs E2E_DATA_TEMPLATES and DATA_DIR (see playwright.config.ts)');

const siteKey = process.env.CAPTCHA_SITE_KEY?.trim() ?? '';
const variant = siteKey ? `demo_${createHash('sha256').update(siteKey).digest('hex').slice(0, 8)}` : 'demo';
const template = join(templates, adminUrl ? `${variant}.postgres` : variant);
const lock = `${template}.lock`;

/** The URL of database `name` on the admin URL's server. */
function databaseUrl(name) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `make` (migrations and the demo shop) into `template` unless another shop of the run is doing it. */
async function ensureTemplate(make) {
  for (let waited = 0; !existsSync(template); waited += 100) {
    try {
      mkdirSync(lock);
    } catch {
      if (waited > 120_000) throw new Error(`waited two minutes for ${template}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      await make();
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

const prepare = (env) => execFileSync(process.execPath, ['dist-server/prepare.js'], { env: { ...process.env, ...env }, stdio: 'inherit' });

mkdirSync(templates, { recursive: true });
if (adminUrl) {
  const prefix = process.env.E2E_DATABASE_PREFIX;
  const shop = process.env.E2E_SHOP;
  if (!prefix || !shop) throw new Error('serve-shop.mjs on PostgreSQL needs E2E_DATABASE_PREFIX and E2E_SHOP');
  const templateDatabase = `${prefix}_${variant}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await ensureTemplate(async () => {
      await admin.query(`drop database if exists "${templateDatabase}"`);
      await admin.query(`create database "${templateDatabase}"`);
      prepare({ DATABASE_URL: databaseUrl(templateDatabase) });
      writeFileSync(template, templateDatabase);
    });
    await admin.query(`drop database if exists "${prefix}_${shop}" with (force)`);
    await admin.query(`create database "${prefix}_${shop}" template "${templateDatabase}"`);
  } finally {
    await admin.end();
  }
  process.env.DATABASE_URL = databaseUrl(`${prefix}_${shop}`);
} else {
  await ensureTemplate(() => {
    const partial = `${template}.partial`;
    rmSync(partial, { recursive: true, force: true });
    prepare({ DATABASE_URL: '', DATA_DIR: partial });
    renameSync(partial, template);
  });
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(template, dataDir, { recursive: true });
  process.env.DATABASE_URL = '';
}
await import('../dist-server/main.js');

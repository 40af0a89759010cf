// Starts one of the e2e run's shops (playwright.config.ts, and specs that run a shop of their own) as
// production runs it, the compiled server, on a copy of a demo shop prepared once per run: migrating and
// seeding an embedded database takes seconds, copying its directory a fraction of one. The copy is kept per
// CAPTCHA_SITE_KEY, which the seed writes into the organisation. Every other setting comes from the
// environment, DATA_DIR included (the shop's own directory).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const templates = process.env.E2E_DATA_TEMPLATES;
const dataDir = process.env.DATA_DIR;
if (!templates || !dataDir) throw new Error('serve-shop.mjs needs E2E_DATA_TEMPLATES and DATA_DIR (see playwright.config.ts)');

const siteKey = process.env.CAPTCHA_SITE_KEY?.trim() ?? '';
const template = join(templates, siteKey ? `demo-${createHash('sha256').update(siteKey).digest('hex').slice(0, 8)}` : 'demo');
const lock = `${template}.lock`;

/** Prepares the template (migrations and the demo shop, in prepare.js) unless another shop of the run is doing it. */
async function ensureTemplate() {
  for (let waited = 0; !existsSync(template); waited += 100) {
    try {
      mkdirSync(lock);
    } catch {
      if (waited > 120_000) throw new Error(`waited two minutes for ${template}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      const partial = `${template}.partial`;
      rmSync(partial, { recursive: true, force: true });
      execFileSync(process.execPath, ['dist-server/prepare.js'], { env: { ...process.env, DATABASE_URL: '', DATA_DIR: partial }, stdio: 'inherit' });
      renameSync(partial, template);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

mkdirSync(templates, { recursive: true });
await ensureTemplate();
rmSync(dataDir, { recursive: true, force: true });
cpSync(template, dataDir, { recursive: true });
process.env.DATABASE_URL = '';
await import('../dist-server/main.js');

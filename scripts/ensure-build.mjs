// `npm start` builds the storefront only when dist/ is missing or older than its sources.
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
const builtAt = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stat.mtimeMs);
}

const changedAt = Math.max(...SOURCES.map(newestChange));
if (builtAt >= changedAt) {
  console.log('storefront build is up to date');
} else {
  console.log(builtAt ? 'sources changed: rebuilding the storefront' : 'building the storefront');
  const result = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

// `npm start` builds the storefront (dist/) and compiles the server (dist-server/) only when they are
// missing or older than their sources.
import './check-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestChange(join(path, entry))), stat.mtimeMs);
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

const outputs = [
  {
    name: 'storefront',
    built: 'dist/index.html',
    sources: ['src', 'locales', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'],
    command: ['node_modules/vite/bin/vite.js', 'build'],
  },
  {
    name: 'server',
    built: 'dist-server/main.js',
    // The server uses the shared rules in src/domain.
    sources: ['server', 'src/domain', 'scripts/build-server.mjs', 'package-lock.json'],
    command: ['scripts/build-server.mjs'],
  },
];

for (const { name, built, sources, command } of outputs) {
  const at = builtAt(built);
  if (at >= Math.max(...sources.map(newestChange))) {
    console.log(`${name} build is up to date`);
    continue;
  }
  console.log(at ? `sources changed: rebuilding the ${name}` : `building the ${name}`);
  const result = spawnSync(process.execPath, command, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

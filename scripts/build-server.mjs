// Compiles the API server to plain JavaScript in dist-server/ (or the directory given as the first
// argument): server/main.ts and server/prepare.ts (which main.js forks for the embedded database), the
// commands of a production install (staff.js, backup.js, restore.js),
// bundled by esbuild with every npm package left as an import, plus the migrations they apply.
// esbuild comes with tsx (a runtime dependency), so a production install can build too.
import { cpSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export async function buildServer(outdir = 'dist-server') {
  const target = resolve(outdir);
  rmSync(target, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: 'server/main.ts',
      prepare: 'server/prepare.ts',
      staff: 'scripts/staff.ts',
      backup: 'scripts/backup.ts',
      restore: 'scripts/restore.ts',
    },
    outdir: target,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
  });
  // client.ts finds the migrations next to the running file.
  cpSync('server/db/migrations', join(target, 'migrations'), { recursive: true });
  return target;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  const target = await buildServer(process.argv[2]);
  console.log(`server compiled to ${target} in ${Math.round(performance.now() - started)} ms`);
}

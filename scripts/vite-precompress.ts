/**
 * A Vite build plugin: once the bundle is written, every compressible file of the built
 * storefront (scripts, styles, SVGs, index.html) gets a `.br` (brotli, best quality) and a `.gz`
 * (gzip -9) twin beside it. The server (server/plugins/static-site.ts) sends the twin the browser
 * accepts, so assets are compressed once per build at the highest level instead of per request.
 * Source maps are left alone: only developers fetch them.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|webmanifest)$/;
/** Below this a compressed twin saves less than its own headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(directory, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/** Writes `.br` and `.gz` beside every compressible file under `directory`; returns how many files. */
export async function precompressDirectory(directory: string): Promise<number> {
  const files = (await filesUnder(directory)).filter((path) => COMPRESSIBLE.test(path));
  let count = 0;
  await Promise.all(
    files.map(async (path) => {
      if ((await stat(path)).size < MIN_BYTES) return;
      const content = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      count += 1;
    }),
  );
  return count;
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'shop:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const count = await precompressDirectory(outDir);
      config.logger.info(`precompressed ${count} files (brotli and gzip)`);
    },
  };
}

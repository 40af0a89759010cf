/**
 * Once per vitest run and server project (vitest.config.ts, globalSetup):
 * - server:pglite: a cache directory for the prepared PGlite data directories (test-databases.ts);
 * - server:postgres: the prefix of this run's databases on the test server (templates and the test files'
 *   own), all dropped at the end of the run, and the API server compiled once (scripts/build-server.mjs) for the
 *   tests that start real API processes (api-processes.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { databaseName, dropRunDatabases } from './test-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpDir: string;
    postgresRunPrefix: string;
    compiledServer: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's env (vitest.config.ts) reaches its test files, not this main-process setup.
  const adminUrl = project.config.env.SHOP_TEST_ADMIN_DATABASE_URL;
  if (!adminUrl) {
    const dumpDir = mkdtempSync(join(tmpdir(), 'shop-test-pglite-'));
    project.provide('pgliteDumpDir', dumpDir);
    return async () => rmSync(dumpDir, { recursive: true, force: true });
  }
  // Short and unique per run: PostgreSQL names are at most 63 bytes.
  const prefix = `${databaseName(adminUrl)}_r${process.pid.toString(36)}${Date.now().toString(36).slice(-3)}`;
  project.provide('postgresRunPrefix', prefix);
  // Inside the project, so that the compiled server finds node_modules.
  mkdirSync('.tmp', { recursive: true });
  const serverDir = mkdtempSync(join('.tmp', 'test-server-'));
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs', serverDir], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('compiling the server failed (scripts/build-server.mjs)');
  project.provide('compiledServer', join(serverDir, 'main.js'));
  return async () => {
    rmSync(serverDir, { recursive: true, force: true });
    await dropRunDatabases(adminUrl, prefix);
  };
}

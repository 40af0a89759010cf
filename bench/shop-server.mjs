// The real shop (API + built storefront) on a fresh PGlite data directory, for the storefront
// benchmarks. One node process (tsx as a loader, not its CLI, which would leave the server
// running as an orphaned child when only the CLI is stopped), stopped and awaited by `stop()`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function startShop({ port, staticDir = 'dist', env = {} }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'warn',
      SECURITY_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${base}/api/health`)).ok) break;
      } catch {
        // not up yet
      }
      if (Date.now() > deadline) throw new Error('the server did not become healthy within 90 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/**
 * Real API processes on the test file's PostgreSQL database, for the `*.postgres.test.ts` files that
 * prove behaviour across processes. They run the server as production does: compiled once per test run
 * (global-setup.ts, scripts/build-server.mjs) and started with plain node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { inject } from 'vitest';

/**
 * A port nothing listens on right now, chosen by the system (a fixed or random range may collide
 * with the ephemeral ports of outgoing connections, e.g. to PostgreSQL).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface ApiProcesses {
  start(port: number, env?: Record<string, string>): Promise<ChildProcess>;
  stopAll(): Promise<void>;
}

export function apiProcesses(): ApiProcesses {
  let running: ChildProcess[] = [];
  return {
    async start(port, env = {}) {
      const child = spawn(process.execPath, ['--enable-source-maps', inject('compiledServer')], {
        env: {
          ...process.env,
          DATABASE_URL: process.env.SHOP_TEST_DATABASE_URL,
          PORT: String(port),
          HOST: '127.0.0.1',
          STATIC_DIR: '',
          SEED_DEMO: 'true',
          LOG_LEVEL: 'warn',
          DB_POOL_SIZE: '20',
          NODE_ENV: 'test',
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      running.push(child);
      for (let attempt = 0; attempt < 200; attempt += 1) {
        if (child.exitCode !== null) throw new Error(`API on port ${port} exited with ${child.exitCode} before it was ready`);
        try {
          if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`API on port ${port} did not start`);
    },
    async stopAll() {
      await Promise.all(
        running.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        ),
      );
      running = [];
    },
  };
}

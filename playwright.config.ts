import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4300);
const baseURL = `http://127.0.0.1:${port}`;
const formPort = port + 1;
const formBaseURL = `http://127.0.0.1:${formPort}`;

/** The real server on a fresh embedded database, seeded with the demo shop. */
function shopServer(serverPort: number, env: Record<string, string>) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    command: 'node node_modules/tsx/dist/cli.mjs server/main.ts',
    url: `${url}/api/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'shop-e2e-')),
      STATIC_DIR: 'dist',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...env,
    },
  };
}
// Debian's Chromium where installed (CI installs it); otherwise Playwright's own browser if present.
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    locale: 'en-GB',
    trace: 'retain-on-failure',
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'shop', testIgnore: /\.form-gateway\.spec\.ts$/ },
    // The same shop with the test gateway answering FORM payments (spec section 4).
    { name: 'form-gateway', testMatch: /\.form-gateway\.spec\.ts$/, use: { baseURL: formBaseURL } },
  ],
  webServer: [shopServer(port, {}), shopServer(formPort, { TEST_GATEWAY_MODE: 'form' })],
});

import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4300);
const baseURL = `http://127.0.0.1:${port}`;
const formPort = port + 1;
const formBaseURL = `http://127.0.0.1:${formPort}`;
// The captcha journey: a shop with a captcha site key and secret, verifying against a local fake siteverify.
const securityPort = port + 4;
const securityBaseURL = `http://127.0.0.1:${securityPort}`;
const captchaPort = port + 14;
const CAPTCHA_SECRET = 'e2e-captcha-secret';
// Card payments: a shop with PAYMENT_GATEWAY=stripe, and the fake Stripe API (and hosted Checkout page) it talks to.
const cardPort = port + 2;
const cardBaseURL = `http://127.0.0.1:${cardPort}`;
const fakeStripePort = port + 12;
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_e2e_card', STRIPE_WEBHOOK_SECRET: 'whsec_e2e_card' };
// Wallet payments: a shop with PAYMENT_GATEWAY=paypal, and the fake PayPal API it talks to.
const walletPort = port + 3;
const walletBaseURL = `http://127.0.0.1:${walletPort}`;
const fakePayPalPort = port + 13;
// The shop's mails go to a local mailbox (SMTP sink), which journeys read over HTTP to follow a mailed link.
const mailboxPort = port + 15;
const mailboxSmtpPort = port + 16;
const mailboxURL = `http://127.0.0.1:${mailboxPort}`;
const paypalCredentials = { PAYPAL_CLIENT_ID: 'e2e-paypal-client', PAYPAL_CLIENT_SECRET: 'e2e-paypal-secret', PAYPAL_WEBHOOK_ID: 'WH-E2E-WALLET' };

/**
 * The real server as production runs it (compiled by `npm run build`, which `npm run test:e2e` runs first)
 * on a fresh embedded database, seeded with the demo shop.
 */
function shopServer(serverPort: number, env: Record<string, string>) {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    command: 'node --enable-source-maps dist-server/main.js',
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
      // Every journey comes from 127.0.0.1: the places and simulation limits are not what e2e tests.
      ADDRESS_PLACES_PER_HOUR: '100000',
      SIMULATIONS_PER_MINUTE: '100000',
      ...env,
    },
  };
}
// Which projects this run can reach, so that only their servers start: all of them, unless the command line
// names projects (--project) or spec files (a file's suffix says its project, e.g. pay-by-card.card.spec.ts).
const projectSuffixes: Record<string, string> = { 'form-gateway': '.form-gateway', security: '.security', card: '.card', wallet: '.wallet' };
function selectedProjects(argv: string[]): Set<string> {
  const all = ['shop', ...Object.keys(projectSuffixes)];
  const args = argv.slice(argv.indexOf('test') + 1);
  const named = args.flatMap((arg, index) =>
    arg.startsWith('--project=') ? [arg.slice('--project='.length)] : arg === '--project' && args[index + 1] ? [args[index + 1] as string] : [],
  );
  const files = args.filter((arg, index) => !arg.startsWith('-') && args[index - 1] !== '--project' && /spec|e2e/.test(arg));
  const byFile = files.length
    ? all.filter((project) =>
        files.some((file) => {
          const suffix = projectSuffixes[project];
          const own = suffix ? file.includes(`${suffix}.spec`) : !Object.values(projectSuffixes).some((other) => file.includes(`${other}.spec`));
          // A folder or pattern that is not one spec file may hold specs of every project.
          return own || !file.includes('.spec');
        }),
      )
    : all;
  return new Set(byFile.filter((project) => named.length === 0 || named.includes(project)));
}
const runProjects = process.argv.includes('test') ? selectedProjects(process.argv) : null;
const forProject = <T>(project: string, server: T): T[] => (runProjects === null || runProjects.has(project) ? [server] : []);

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
    { name: 'shop', testIgnore: [/\.form-gateway\.spec\.ts$/, /\.security\.spec\.ts$/, /\.card\.spec\.ts$/, /\.wallet\.spec\.ts$/] },
    // The same shop with the test gateway answering FORM payments (spec section 4).
    { name: 'form-gateway', testMatch: /\.form-gateway\.spec\.ts$/, use: { baseURL: formBaseURL } },
    // The captcha escalation on (spec section 4 "Captcha"): CAPTCHA_SITE_KEY seeds the organisation's site key.
    { name: 'security', testMatch: /\.security\.spec\.ts$/, use: { baseURL: securityBaseURL } },
    // Card payments through Stripe Checkout (spec section 4), against the fake Stripe API.
    { name: 'card', testMatch: /\.card\.spec\.ts$/, use: { baseURL: cardBaseURL } },
    // Wallet payments with the PayPal buttons (spec section 4), against the fake PayPal API.
    { name: 'wallet', testMatch: /\.wallet\.spec\.ts$/, use: { baseURL: walletBaseURL } },
  ],
  webServer: [
    ...forProject('shop', {
      command: `node --import tsx tests/fakes/serve-mail.ts --port ${mailboxPort} --smtp-port ${mailboxSmtpPort}`,
      url: `${mailboxURL}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    }),
    ...forProject('shop', shopServer(port, { SMTP_URL: `smtp://127.0.0.1:${mailboxSmtpPort}` })),
    ...forProject('form-gateway', shopServer(formPort, { TEST_GATEWAY_MODE: 'form' })),
    ...forProject('security', {
      command: `node --import tsx tests/fakes/serve-captcha.ts --port ${captchaPort} --secret ${CAPTCHA_SECRET}`,
      url: `http://127.0.0.1:${captchaPort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    }),
    ...forProject(
      'security',
      shopServer(securityPort, {
        CAPTCHA_SITE_KEY: 'e2e-captcha-site-key',
        CAPTCHA_SECRET,
        CAPTCHA_VERIFY_URL: `http://127.0.0.1:${captchaPort}/recaptcha/api/siteverify`,
        SECURITY_ENABLED: 'true',
        // One proxy hop believed: the sign-in journey fails an account's password from other addresses (X-Forwarded-For).
        TRUST_PROXY: '1',
      }),
    ),
    ...forProject('card', {
      command: 'node --import tsx tests/fakes/serve-stripe.ts',
      url: `http://127.0.0.1:${fakeStripePort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: { FAKE_STRIPE_PORT: String(fakeStripePort), FAKE_STRIPE_WEBHOOK_URL: `${cardBaseURL}/api/payments/stripe/webhook`, ...stripeKeys },
    }),
    ...forProject(
      'card',
      shopServer(cardPort, {
        PAYMENT_GATEWAY: 'stripe',
        ...stripeKeys,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_card',
        STRIPE_API_BASE: `http://127.0.0.1:${fakeStripePort}`,
      }),
    ),
    ...forProject('wallet', {
      command: `node --import tsx tests/fakes/serve-paypal.ts --port ${fakePayPalPort} --webhook-url ${walletBaseURL}/api/payments/paypal/webhook`,
      url: `http://127.0.0.1:${fakePayPalPort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: paypalCredentials,
    }),
    ...forProject('wallet', shopServer(walletPort, { PAYMENT_GATEWAY: 'paypal', ...paypalCredentials, PAYPAL_API_BASE: `http://127.0.0.1:${fakePayPalPort}` })),
  ],
});

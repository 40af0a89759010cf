import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4300);
const baseURL = `http://127.0.0.1:${port}`;
const formPort = port + 1;
// The second lane of the shop's own journeys (see projects).
const ordersPort = port + 6;
const ordersBaseURL = `http://127.0.0.1:${ordersPort}`;
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
// The two lanes' shops send their mails to one local mailbox (SMTP sink), which journeys read over HTTP to
// follow a mailed link.
const mailboxPort = port + 15;
const mailboxSmtpPort = port + 16;
const mailboxURL = `http://127.0.0.1:${mailboxPort}`;
// The back office (src/backoffice): its own shop; its journeys are the *.backoffice.spec.ts files.
const backofficePort = port + 7;
const backofficeBaseURL = `http://127.0.0.1:${backofficePort}`;
// The shop embedded in the organisation's own site (docs/embedding.md): a shop that allows one origin of a
// static site (localhost, another site than 127.0.0.1, so the shop's cookies there are third-party), and
// another port of that site it does not allow.
const embedPort = port + 8;
const embedBaseURL = `http://127.0.0.1:${embedPort}`;
const embeddingSitePort = port + 9;
const refusedSitePort = port + 10;
// The launcher that starts all of them (e2e/serve-all.mjs) answers here once every one is up.
const launcherPort = port + 11;
const paypalCredentials = { PAYPAL_CLIENT_ID: 'e2e-paypal-client', PAYPAL_CLIENT_SECRET: 'e2e-paypal-secret', PAYPAL_WEBHOOK_ID: 'WH-E2E-WALLET' };

// The demo shop each shop server starts from is prepared once per run (e2e/serve-shop.mjs); the directory is
// made by the runner and inherited by its workers.
process.env.E2E_DATA_TEMPLATES ??= mkdtempSync(join(tmpdir(), 'shop-e2e-templates-'));

// The engine: with E2E_DATABASE_URL or DATABASE_URL (CI gives one), the shops run on PostgreSQL, production's engine,
// each on a database of its own named after that URL's database and this run (the form-gateway shop stays on PGlite,
// so the embedded engine `npm start` defaults to is journeyed too); without, every shop on PGlite.
const e2eDatabaseUrl = process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL ?? '';
const e2eDatabasePrefix = e2eDatabaseUrl
  ? `${decodeURIComponent(new URL(e2eDatabaseUrl).pathname.slice(1)) || 'shop'}_e2e_${basename(process.env.E2E_DATA_TEMPLATES)
      .slice(-6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`
  : '';
const onPostgres = { E2E_DATABASE_URL: e2eDatabaseUrl, E2E_DATABASE_PREFIX: e2eDatabasePrefix };

/** One server of the run: started by e2e/serve-all.mjs with the others, up once `url` answers. */
interface Server {
  name: string;
  command: string;
  url: string;
  env?: Record<string, string>;
}

/**
 * The real server as production runs it (compiled by `npm run build`, which `npm run test:e2e` runs first)
 * on a copy of the seeded demo shop in an embedded database of its own.
 */
function shopServer(name: string, serverPort: number, env: Record<string, string>): Server {
  const url = `http://127.0.0.1:${serverPort}`;
  return {
    name,
    command: 'node --enable-source-maps e2e/serve-shop.mjs',
    url: `${url}/api/health`,
    env: {
      ...onPostgres,
      E2E_SHOP: name,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
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

// The projects, each with its shop (and fakes): three run at a time, each on its own shop, so no journey sees
// another's orders. The shop's own journeys are split in two lanes of about the same length: browsing and
// accounts on `shop`, buying and coming back on `orders`. A project's files: the suffix (e.g.
// pay-by-card.card.spec.ts) or, for the two lanes, the list below.
const orderSpecs = [
  'order-anonymous',
  'order-cart',
  'order-signed-in',
  'nothing-to-pay',
  'payment-outcomes',
  'returning-customers',
  'subscriptions',
  'vouchers',
];
const otherProjects = ['form-gateway', 'security', 'card', 'wallet', 'backoffice', 'embed'];
const ordersMatch = new RegExp(`(^|/)(${orderSpecs.join('|')})\\.spec\\.ts$`);
const projectFiles: Record<string, RegExp> = {
  shop: new RegExp(`^(?!.*(\\.(${otherProjects.join('|')})\\.spec\\.ts|(^|/)(${orderSpecs.join('|')})\\.spec\\.ts)$).*\\.spec\\.ts$`),
  orders: ordersMatch,
  ...Object.fromEntries(otherProjects.map((project) => [project, new RegExp(`\\.${project}\\.spec\\.ts$`)])),
};

// Which projects this run can reach, so that only their servers start: all of them, unless the command line
// names projects (--project) or spec files.
function selectedProjects(argv: string[]): Set<string> {
  const all = Object.keys(projectFiles);
  const args = argv.slice(argv.indexOf('test') + 1);
  const named = args.flatMap((arg, index) =>
    arg.startsWith('--project=') ? [arg.slice('--project='.length)] : arg === '--project' && args[index + 1] ? [args[index + 1] as string] : [],
  );
  const files = args.filter((arg, index) => !arg.startsWith('-') && args[index - 1] !== '--project' && /spec|e2e/.test(arg));
  // A folder or pattern that is not one spec file may hold specs of every project.
  const byFile = files.length
    ? all.filter((project) => files.some((file) => !file.includes('.spec') || projectFiles[project]?.test(file.replace(/:\d+$/, ''))))
    : all;
  return new Set(byFile.filter((project) => named.length === 0 || named.includes(project)));
}
const runProjects = process.argv.includes('test') ? selectedProjects(process.argv) : null;
const forProject = <T>(project: string, server: T): T[] => (runProjects === null || runProjects.has(project) ? [server] : []);

// Debian's Chromium where installed (CI installs it): its headless shell, the build Playwright itself runs headless
// journeys in (the same Blink and V8 without the browser's own window and tab UI; a quarter less CPU per journey
// here), else the whole browser; otherwise Playwright's own browser if present.
const executablePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate));

// The servers of the projects this run selects (forProject): shops on a copy of the demo shop, and the fakes
// their journeys talk to.
const servers: Server[] = [
  ...(forProject('shop', true).length || forProject('orders', true).length || forProject('backoffice', true).length
    ? [
        {
          name: 'mailbox',
          command: `node --import tsx tests/fakes/serve-mail.ts --port ${mailboxPort} --smtp-port ${mailboxSmtpPort}`,
          url: `${mailboxURL}/health`,
        },
      ]
    : []),
  ...forProject('shop', shopServer('shop', port, { SMTP_URL: `smtp://127.0.0.1:${mailboxSmtpPort}` })),
  ...forProject('orders', shopServer('orders', ordersPort, { SMTP_URL: `smtp://127.0.0.1:${mailboxSmtpPort}` })),
  ...forProject('backoffice', shopServer('backoffice', backofficePort, { SMTP_URL: `smtp://127.0.0.1:${mailboxSmtpPort}` })),
  ...forProject('form-gateway', shopServer('form-gateway', formPort, { TEST_GATEWAY_MODE: 'form', E2E_DATABASE_URL: '' })),
  ...forProject('security', {
    name: 'fake captcha',
    command: `node --import tsx tests/fakes/serve-captcha.ts --port ${captchaPort} --secret ${CAPTCHA_SECRET}`,
    url: `http://127.0.0.1:${captchaPort}/health`,
  }),
  ...forProject(
    'security',
    shopServer('security', securityPort, {
      CAPTCHA_SITE_KEY: 'e2e-captcha-site-key',
      CAPTCHA_SECRET,
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${captchaPort}/recaptcha/api/siteverify`,
      SECURITY_ENABLED: 'true',
      // One proxy hop believed: the sign-in journey fails an account's password from other addresses (X-Forwarded-For).
      TRUST_PROXY: '1',
    }),
  ),
  ...forProject('card', {
    name: 'fake Stripe',
    command: 'node --import tsx tests/fakes/serve-stripe.ts',
    url: `http://127.0.0.1:${fakeStripePort}/health`,
    env: { FAKE_STRIPE_PORT: String(fakeStripePort), FAKE_STRIPE_WEBHOOK_URL: `${cardBaseURL}/api/payments/stripe/webhook`, ...stripeKeys },
  }),
  ...forProject(
    'card',
    shopServer('card', cardPort, {
      PAYMENT_GATEWAY: 'stripe',
      ...stripeKeys,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e_card',
      STRIPE_API_BASE: `http://127.0.0.1:${fakeStripePort}`,
    }),
  ),
  ...forProject('wallet', {
    name: 'fake PayPal',
    command: `node --import tsx tests/fakes/serve-paypal.ts --port ${fakePayPalPort} --webhook-url ${walletBaseURL}/api/payments/paypal/webhook`,
    url: `http://127.0.0.1:${fakePayPalPort}/health`,
    env: paypalCredentials,
  }),
  ...forProject(
    'wallet',
    shopServer('wallet', walletPort, { PAYMENT_GATEWAY: 'paypal', ...paypalCredentials, PAYPAL_API_BASE: `http://127.0.0.1:${fakePayPalPort}` }),
  ),
  ...forProject('embed', {
    name: 'embedding site',
    command: `node e2e/serve-embedding-site.mjs --shop ${embedBaseURL} --port ${embeddingSitePort} --port ${refusedSitePort}`,
    url: `http://127.0.0.1:${embeddingSitePort}/health`,
  }),
  ...forProject('embed', shopServer('embed', embedPort, { FRAME_ANCESTORS: `'self' http://localhost:${embeddingSitePort}` })),
];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  // Three projects at a time, each one journey at a time on its own shop. A journey waits on its shop, the network
  // and the page's timers often enough that a third lane on 2 cores fills those waits (all journeys: 183 s with two
  // workers, 140 s with three, 142 s with four, whose extra lane only splits the short projects).
  workers: 3,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A journey on a 2-core machine shared by three lanes (three browsers, three shops) can take twice its quiet time.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    locale: 'en-GB',
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
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
  // In this order the runner hands them out (each project to one worker at a time): the longest first, so that the
  // workers end together — the two lanes and the back office side by side, then the short ones fill in.
  projects: [
    { name: 'shop', testMatch: projectFiles.shop, workers: 1 },
    { name: 'orders', testMatch: projectFiles.orders, workers: 1, use: { baseURL: ordersBaseURL } },
    // The back office (docs/backoffice.md): staff journeys on a shop of their own, mails to the shared mailbox.
    { name: 'backoffice', testMatch: projectFiles.backoffice, workers: 1, use: { baseURL: backofficeBaseURL } },
    // The same shop with the test gateway answering FORM payments (spec section 4).
    { name: 'form-gateway', testMatch: projectFiles['form-gateway'], workers: 1, use: { baseURL: formBaseURL } },
    // The captcha escalation on (spec section 4 "Captcha"): CAPTCHA_SITE_KEY seeds the organisation's site key.
    { name: 'security', testMatch: projectFiles.security, workers: 1, use: { baseURL: securityBaseURL } },
    // Card payments through Stripe Checkout (spec section 4), against the fake Stripe API.
    { name: 'card', testMatch: projectFiles.card, workers: 1, use: { baseURL: cardBaseURL } },
    // Wallet payments with the PayPal buttons (spec section 4), against the fake PayPal API.
    { name: 'wallet', testMatch: projectFiles.wallet, workers: 1, use: { baseURL: walletBaseURL } },
    // The shop in a frame on the organisation's site, with third-party cookies blocked (Chromium's own switch).
    {
      name: 'embed',
      testMatch: projectFiles.embed,
      workers: 1,
      use: {
        baseURL: `http://localhost:${embeddingSitePort}`,
        launchOptions: {
          ...(executablePath ? { executablePath } : {}),
          args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--test-third-party-cookie-phaseout'],
        },
      },
    },
  ],
  // Every server of the selected projects, started side by side by one launcher (e2e/serve-all.mjs): Playwright
  // would start its webServer entries one after another.
  webServer: {
    command: 'node e2e/serve-all.mjs',
    url: `http://127.0.0.1:${launcherPort}/health`,
    timeout: 150_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM first: the launcher stops its shops and drops the run's databases (e2e/serve-all.mjs).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
    env: { PORT: String(launcherPort), E2E_SERVERS: JSON.stringify(servers), ...onPostgres },
  },
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { SlowFilesFirst } from './tests/slow-files-first.ts';

// Server suites: every file on PGlite when no PostgreSQL is given. With DATABASE_URL (a throw-away database
// whose server lets its role create databases), every file on PostgreSQL, the production engine, and the files
// below on PGlite too. Each test file gets a database of its own, copied from one migrated and seeded once per
// run (tests/server/helpers/test-databases.ts), so files run side by side on both engines.
const postgresUrl = process.env.DATABASE_URL;

// The files that exercise what differs between the engines: the SQL of the write paths (checkout, payments,
// subscriptions, vouchers, moves), locking and the single PGlite connection, idempotency, the rate limiter's
// counters, the outbox, the seed and migrations, and a database that is gone. The catalogue's reads run on
// PostgreSQL only: on PGlite, the e2e journey of the form-gateway shop (playwright.config.ts) lists and buys.
const onBothEngines = [
  'tests/server/seed.test.ts',
  'tests/server/coupons.test.ts',
  'tests/server/mail-worker.test.ts',
  'tests/server/background-workers-faults.test.ts',
  'tests/server/plugins/idempotency.test.ts',
  'tests/server/plugins/database-unavailable.test.ts',
  'tests/server/security/rate-limiter.test.ts',
  'tests/server/checkout/orders.test.ts',
  'tests/server/checkout/order-expiry.test.ts',
  'tests/server/checkout/late-payment.test.ts',
  'tests/server/checkout/checkout-replay.test.ts',
  'tests/server/payments/test-gateway.test.ts',
  'tests/server/subscriptions/subscription-orders.test.ts',
  'tests/server/vouchers/voucher-orders.test.ts',
  'tests/server/returning/rebooking.test.ts',
  'tests/server/backup-restore.test.ts',
  // heavy reads interleave on the one PGlite connection, and keep to their statement timeout on PostgreSQL
  'tests/server/heavy-reads.test.ts',
];

// Component files that need a page on which no third-party script was ever loaded (@stripe/stripe-js and
// react-google-recaptcha remember a script's outcome for the page's life): each in a page of its own.
const freshPage = ['tests/components/payments/card-load-failure.test.tsx', 'tests/components/captcha/captcha-unavailable.test.tsx'];

const serverProject = (name: 'server:pglite' | 'server:postgres') => ({
  test: {
    name,
    environment: 'node',
    include: name === 'server:pglite' && postgresUrl ? onBothEngines : ['tests/server/**/*.test.ts'],
    // *.postgres.test.ts need a real server shared by several processes: PostgreSQL only.
    exclude: name === 'server:pglite' ? ['tests/server/**/*.postgres.test.ts'] : [],
    env: name === 'server:pglite' ? { SHOP_TEST_DATABASE_URL: '', SHOP_TEST_ADMIN_DATABASE_URL: '' } : { SHOP_TEST_ADMIN_DATABASE_URL: postgresUrl ?? '' },
    globalSetup: ['tests/server/helpers/global-setup.ts'],
    setupFiles: name === 'server:postgres' ? ['tests/server/helpers/postgres-file-database.ts'] : [],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: false,
  },
});

export default defineConfig({
  ...viteConfig,
  test: {
    // One file more than the cores, of any project: every project is in one group, so component files run beside
    // server files, and a file waiting on its database or on processes it started leaves its core to the others
    // (vitest's default is one worker less than the cores). On 2 cores, the whole run: 176 s with 2 workers, 166 s
    // with 3, 160 s with 4 (more modules loaded per worker, and the journeys' 20 s waits closer).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism() + 1,
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      { test: { name: 'domain', environment: 'node', include: ['tests/domain/**/*.test.ts', 'tests/server-rules/**/*.test.ts'] } },
      // ESLint's own API on snippets: the import boundaries and naming rules of eslint.config.js.
      { test: { name: 'lint', environment: 'node', include: ['tests/lint/**/*.test.ts'], testTimeout: 30_000 } },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.tsx'],
          exclude: freshPage,
          setupFiles: ['tests/components/setup.ts'],
          // A journey through a page waits up to 5 s for each thing it expects (setup.ts), so a whole test may take
          // several of those waits on a busy machine.
          testTimeout: 20_000,
          // Files share a worker's page and module graph: jsdom and the app's modules load once per worker,
          // not once per file; setup.ts puts the stores back after each test.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'components:fresh-page',
          environment: 'jsdom',
          include: freshPage,
          setupFiles: ['tests/components/setup.ts'],
          testTimeout: 20_000,
        },
      },
      serverProject('server:pglite'),
      ...(postgresUrl ? [serverProject('server:postgres')] : []),
    ],
  },
});

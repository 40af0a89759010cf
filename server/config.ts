/** Configuration from the environment; every variable is documented in .env.example and the README. */

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL connections per API process. */
  dbPoolSize: number;
  /** Where the built storefront lives; null: the API only. */
  staticDir: string | null;
  /** Seed the demo shop into an empty database. */
  seedDemo: boolean;
  /** Set the `Secure` flag on the session cookie (behind HTTPS). */
  secureCookies: boolean;
  sessionDays: number;
  /** Failed sign-ins allowed per e-mail and per address in `loginWindowMinutes`. */
  loginMaxAttempts: number;
  loginWindowMinutes: number;
  /** nodemailer SMTP URL (smtp://user:pass@host:port); absent: mails stay in the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public address of the storefront, for links in mails. */
  publicUrl: string;
  /** Trust X-Forwarded-* from a proxy / load balancer. */
  trustProxy: boolean;
  logLevel: string;
  /** Overrides `organisations.hold_minutes` (how long an unpaid order holds its places); null: the organisation's. */
  holdMinutes: number | null;
  /** The payment gateway adapter (server/payments); `test` is the built-in test gateway with its own pages. */
  paymentGateway: PaymentGatewayId;
  /** How the test gateway hands the visitor over: a REDIRECT address, or FORM markup posted to it. */
  testGatewayMode: TestGatewayMode;
  /**
   * TEST ONLY (honoured only when NODE_ENV=test; forced on otherwise): false turns the capacity
   * guard off so that the concurrency test can prove overselling happens without it.
   */
  capacityGuard: boolean;
  /** TEST ONLY (NODE_ENV=test): milliseconds slept between reading and writing capacity, to widen a race. */
  capacityRaceDelayMs: number;
}

/** Gateways the configuration may name. Only `test` has an adapter yet; stripe and paypal come later. */
export const PAYMENT_GATEWAY_IDS = ['test', 'stripe', 'paypal'] as const;
export type PaymentGatewayId = (typeof PAYMENT_GATEWAY_IDS)[number];

export const TEST_GATEWAY_MODES = ['redirect', 'form'] as const;
export type TestGatewayMode = (typeof TEST_GATEWAY_MODES)[number];

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

function paymentGateway(env: Env): PaymentGatewayId {
  const raw = (env.PAYMENT_GATEWAY || 'test').trim().toLowerCase();
  const known = PAYMENT_GATEWAY_IDS.find((id) => id === raw);
  if (!known) throw new Error(`PAYMENT_GATEWAY must be one of ${PAYMENT_GATEWAY_IDS.join(', ')}, got "${env.PAYMENT_GATEWAY}"`);
  return known;
}

function testGatewayMode(env: Env): TestGatewayMode {
  const raw = (env.TEST_GATEWAY_MODE || 'redirect').trim().toLowerCase();
  const known = TEST_GATEWAY_MODES.find((mode) => mode === raw);
  if (!known) throw new Error(`TEST_GATEWAY_MODE must be one of ${TEST_GATEWAY_MODES.join(', ')}, got "${env.TEST_GATEWAY_MODE}"`);
  return known;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000);
  const testMode = env.NODE_ENV === 'test';
  const holdMinutes = integer(env, 'HOLD_MINUTES', 0);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    dbPoolSize: integer(env, 'DB_POOL_SIZE', 10),
    staticDir: env.STATIC_DIR === '' ? null : env.STATIC_DIR || 'dist',
    seedDemo: flag(env, 'SEED_DEMO', true),
    secureCookies: flag(env, 'SECURE_COOKIES', false),
    sessionDays: integer(env, 'SESSION_DAYS', 30),
    loginMaxAttempts: integer(env, 'LOGIN_MAX_ATTEMPTS', 5),
    loginWindowMinutes: integer(env, 'LOGIN_WINDOW_MINUTES', 15),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Ticket shop <shop@localhost>',
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    trustProxy: flag(env, 'TRUST_PROXY', false),
    logLevel: env.LOG_LEVEL || 'info',
    holdMinutes: holdMinutes > 0 ? holdMinutes : null,
    paymentGateway: paymentGateway(env),
    testGatewayMode: testGatewayMode(env),
    // The two test switches are ignored outside tests: production always guards capacity.
    capacityGuard: testMode ? flag(env, 'CAPACITY_GUARD', true) : true,
    capacityRaceDelayMs: testMode ? integer(env, 'CAPACITY_RACE_DELAY_MS', 0) : 0,
  };
}

/** Configuration from the environment; every variable is documented in .env.example and docs/operations.md#settings. */
import { assertStrongSecret } from './secret-strength.ts';
import { appleWalletSettings, googleWalletSettings, type AppleWalletSettings, type GoogleWalletSettings } from './wallet-config.ts';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Where uploaded catalogue images are kept (served at /media/…); MEDIA_DIR, default DATA_DIR/media. */
  mediaDir: string;
  /** PostgreSQL connections per API process. */
  dbPoolSize: number;
  /** Where the built storefront lives; null: the API only. */
  staticDir: string | null;
  /** NODE_ENV=production: the safe defaults below apply. */
  production: boolean;
  /**
   * Seed the demo shop into an empty database. SEED_DEMO; default on outside production, off in it. In
   * production it is refused unless SEED_DEMO_WITH_PUBLISHED_PASSWORDS=true too (the demo staff and
   * shopper accounts have published passwords).
   */
  seedDemo: boolean;
  /** Set the `Secure` flag on the session cookie and send HSTS (behind HTTPS). Default on in production. */
  secureCookies: boolean;
  sessionDays: number;
  /** Failed sign-ins allowed per e-mail and per address in `loginWindowMinutes`. */
  loginMaxAttempts: number;
  loginWindowMinutes: number;
  /**
   * LOGIN_ACCOUNT_MAX_DELAY_MINUTES: the longest wait the per-account brake imposes between sign-in
   * attempts of an account that keeps failing from anywhere (login-throttle.ts; default 30).
   */
  loginAccountMaxDelayMinutes: number;
  /** Staff sessions: STAFF_SESSION_HOURS (absolute, default 12), STAFF_SESSION_IDLE_MINUTES (default 60), STAFF_MAX_SESSIONS (default 5). */
  staffSessions: { hours: number; idleMinutes: number; max: number };
  /** nodemailer SMTP URL (smtp://user:pass@host:port); absent: mails stay in the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * FIRST_OWNER_EMAIL: the e-mail address of the first owner, made at start while the shop has no owner who
   * can sign in (server/modules/staff/first-owner.ts prints its one-time set-password link). Default owner@localhost.
   */
  firstOwnerEmail: string;
  /** Public address of the storefront, for links in mails. */
  publicUrl: string;
  /**
   * Which X-Forwarded-For hops to believe (Fastify's trustProxy): false (none), a hop count (1: the
   * one load balancer in front), or the proxies' addresses / CIDR ranges. Never "everyone".
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /** Overrides `organisations.hold_minutes` (how long an unpaid order holds its places); null: the organisation's. */
  holdMinutes: number | null;
  /** WAITLIST_INTERVAL_MS: how often the waiting-list worker offers places that came back (default 2000). */
  waitlistIntervalMs: number;
  /** SUBSCRIPTION_REMINDER_DAYS: how many days before a pass expires its reminder mail goes out. */
  subscriptionReminderDays: number;
  /** The payment gateway adapter (server/payments): `test` (built-in pages, no money moves), `stripe` or `paypal`. */
  paymentGateway: PaymentGatewayId;
  /** FRAME_ANCESTORS: who may frame the shop (CSP frame-ancestors); default only the shop itself. */
  frameAncestors: string[];
  /** SENTRY_DSN (or the build's VITE_SENTRY_DSN): its origin is allowed to receive error reports. */
  sentryDsn: string | undefined;
  /** ILLUSTRATIONS_BASE (or the build's VITE_ILLUSTRATIONS_BASE): the illustration service, whose origin may serve images. */
  illustrationsBase: string | undefined;
  /** ALLOW_TEST_GATEWAY: the test gateway (which marks orders paid for free) is refused in production without it. */
  allowTestGateway: boolean;
  /** How the test gateway hands the visitor over: a REDIRECT address, or FORM markup posted to it. */
  testGatewayMode: TestGatewayMode;
  /**
   * TEST ONLY (honoured only when NODE_ENV=test; forced on otherwise): false turns the capacity
   * guard off so that the concurrency test can prove overselling happens without it.
   */
  capacityGuard: boolean;
  /** TEST ONLY (NODE_ENV=test): milliseconds slept between reading and writing capacity, to widen a race. */
  capacityRaceDelayMs: number;
  /**
   * Check every answer against its route's response schema (a drift answers 500 and fails the
   * test that saw it). CHECK_RESPONSES; default on when NODE_ENV is test or development.
   */
  checkResponses: boolean;
  /** Stripe (PAYMENT_GATEWAY=stripe): keys, webhook signing secret, and the API address (a local fake in tests). */
  stripe: {
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
    /** https://api.stripe.com unless STRIPE_API_BASE says otherwise. */
    apiBase: string;
  };
  /** PayPal (PAYMENT_GATEWAY=paypal): REST app credentials, the webhook's id, and the API address. */
  paypal: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    webhookId: string | undefined;
    /** https://api-m.paypal.com (live) or https://api-m.sandbox.paypal.com; PAYPAL_API_BASE overrides. */
    apiBase: string;
  };
  /**
   * How long one process reuses a catalogue answer (organisation, home, product, plots) in ms;
   * availability shown is at most this stale. 0: off. Never decides places, prices or limits.
   */
  catalogueCacheMs: number;
  /**
   * How long a request repeating an Idempotency-Key waits for the first one's answer before 409
   * IDEMPOTENCY_KEY_IN_PROGRESS (server/plugins/idempotency.ts).
   */
  idempotencyWaitMs: number;
  /** Shared abuse limits (server/security/rate-limiter.ts); RATE_LIMITS=off turns them off (load tests). */
  rateLimits: boolean;
  /** The tunable abuse limits (server/security/abuse-limits.ts). */
  abuse: {
    /** ANON_ORDER_MAX_PLACES: places one order without an account may hold. */
    anonymousOrderPlaces: number;
    /** ADDRESS_PLACES_PER_HOUR: places one client address may take (pay or reserve) per hour. */
    addressPlacesPerHour: number;
    /** SIMULATIONS_PER_MINUTE: price simulations per client address and minute. */
    simulationsPerMinute: number;
  };
  /** RESERVATION_HOURS: how long an unpaid reservation keeps its places before it lapses. */
  reservationHours: number;
  /** The HTTP server's bounds (Fastify): a slow or huge request cannot hold a connection or memory for long. */
  http: {
    /** REQUEST_TIMEOUT_MS: the whole request (headers and body) must have arrived within this; else 408 and closed. */
    requestTimeoutMs: number;
    /** CONNECTION_TIMEOUT_MS: a socket on which nothing moves for this long is closed. */
    connectionTimeoutMs: number;
    /** KEEP_ALIVE_TIMEOUT_MS: an idle kept-alive connection is closed after this (above a load balancer's idle timeout). */
    keepAliveTimeoutMs: number;
    /** BODY_LIMIT_BYTES: the largest request body (JSON); image uploads have their own limit. */
    bodyLimitBytes: number;
  };
  /** Heavy reads (server/db/heavy-reads.ts): the export, the reports, the gate's sync, uncached listings. */
  heavyReads: {
    /** HEAVY_READ_TIMEOUT_MS: PostgreSQL's statement_timeout for each of their statements; past it 503 REPORT_TOO_SLOW. */
    statementTimeoutMs: number;
    /** HEAVY_READS_AT_ONCE: their statements running at once in one process (PostgreSQL; PGlite runs one). */
    concurrency: number;
    /** EXPORT_MAX_ROWS: the most orders one CSV export holds; more: 400 EXPORT_TOO_LARGE (narrow the period). */
    exportMaxRows: number;
    /** EXPORT_PAGE_ROWS: orders read per statement of the export (keyset pages). */
    exportPageRows: number;
    /** GATE_SYNC_CHUNK: queued scans checked in per transaction of a gate's sync. */
    syncChunk: number;
    /** UNCACHED_LISTINGS_PER_MINUTE: listings one address may have worked out (not from the answer cache) per minute. */
    uncachedListingsPerMinute: number;
  };
  /** TICKET_SIGNING_KEY (base64url Ed25519 seed); null: the data directory's own random development key (ticket-code.ts). */
  ticketSigningKey: string | null;
  /** CHECKIN_TOKEN: the gate operators' bearer token for POST /api/tickets/verify; null: check-in is off. */
  checkinToken: string | null;
  /** The wallet passes (server/wallet-config.ts): APPLE_WALLET_* and GOOGLE_WALLET_*; null: that wallet is off. */
  wallets: { apple: AppleWalletSettings | null; google: GoogleWalletSettings | null };
  /** Captcha escalation (spec section 4): when submissions must carry a verified captcha token. */
  security: {
    /** SECURITY_ENABLED=false turns the escalation off (load tests, local development). */
    enabled: boolean;
    /** The captcha provider's secret key (reCAPTCHA); the site key is the organisation's. */
    captchaSecret: string | undefined;
    /** The provider's verify endpoint (a local fake in tests). */
    captchaVerifyUrl: string;
  };
  /** Encrypted backups (server/modules/backup, docs/operations.md#backups): where, when, how many, with which key. */
  backup: BackupSettings;
}

export interface BackupSettings {
  /** BACKUP_DIR: a folder the backups are written to and kept in; null: none. */
  dir: string | null;
  /** BACKUP_S3_*: an S3-compatible bucket the backups are uploaded to and kept in; null: none. */
  s3: BackupS3Settings | null;
  /** BACKUP_KEY: the owner's 32-byte key (base64) every backup is encrypted with; null: no backup can be made. */
  key: Uint8Array | null;
  /** BACKUP_SCHEDULE: when the server makes one by itself (UTC); null: only on demand (npm run backup). */
  schedule: BackupSchedule | null;
  /** BACKUP_KEEP: which backups a destination keeps after each new one. */
  keep: BackupRetention;
  /** BACKUP_PG_DUMP / BACKUP_PG_RESTORE: the PostgreSQL client programs (of the server's major version or newer). */
  pgDump: string;
  pgRestore: string;
}

export interface BackupS3Settings {
  /** BACKUP_S3_ENDPOINT: https://s3.<region>.amazonaws.com by default; any S3-compatible service (path-style addresses). */
  endpoint: string;
  /** BACKUP_S3_REGION (default us-east-1): the region the signature names. */
  region: string;
  bucket: string;
  /** BACKUP_S3_PREFIX (default "shop-backups/"): the backups' key prefix in the bucket. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** A backup at `offsetMs + n × everyMs` after the Unix epoch (UTC), for every whole n. */
export interface BackupSchedule {
  everyMs: number;
  offsetMs: number;
  /** As configured, for the logs. */
  text: string;
}

/** The newest `count` backups; or the newest of each of the last `daily` days, `weekly` ISO weeks and `monthly` months (UTC). */
export type BackupRetention = { kind: 'recent'; count: number } | { kind: 'calendar'; daily: number; weekly: number; monthly: number };

/** Gateways the configuration may name; each has an adapter in server/payments/<id>/. */
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

/** A whole number above 0: a bound that 0 would switch off (a timeout, a limit) may not be 0. */
function positive(env: Env, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be above 0`);
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

/** TRUST_PROXY: false, a hop count, or a comma-separated list of proxy addresses / CIDR ranges. */
function trustProxy(env: Env): false | number | string[] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || ['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) {
    throw new Error('TRUST_PROXY=true would believe any X-Forwarded-For a client sends; give the number of proxies in front (1) or their addresses');
  }
  const proxies = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = proxies.find((entry) => !/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(entry));
  if (bad !== undefined) throw new Error(`TRUST_PROXY must be a hop count or proxy addresses / CIDR ranges, got "${bad}"`);
  return proxies;
}

/** FRAME_ANCESTORS: space- or comma-separated origins (https://partner.example), 'self' or 'none'. */
function frameAncestors(env: Env): string[] {
  const raw = env.FRAME_ANCESTORS?.trim();
  if (!raw) return ["'self'"];
  return raw.split(/[\s,]+/).map((entry) => {
    const bare = entry.replace(/^'|'$/g, '');
    if (bare === 'self' || bare === 'none') return `'${bare}'`;
    if (!/^https?:\/\/[a-z0-9*.-]+(:\d+)?$/i.test(entry))
      throw new Error(`FRAME_ANCESTORS takes origins (https://partner.example), 'self' or 'none', got "${entry}"`);
    return entry;
  });
}

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim() || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`${name} must be an http(s) address, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${name} must be an http(s) address, got "${raw}"`);
  return raw.replace(/\/$/, '');
}

function paypalBase(env: Env): string {
  const environment = (env.PAYPAL_ENVIRONMENT || 'sandbox').trim().toLowerCase();
  if (environment === 'live') return 'https://api-m.paypal.com';
  if (environment === 'sandbox') return 'https://api-m.sandbox.paypal.com';
  throw new Error(`PAYPAL_ENVIRONMENT must be sandbox or live, got "${env.PAYPAL_ENVIRONMENT}"`);
}

/** What SEED_DEMO puts in a shop that anyone can sign in to (server/db/seed/demo-staff.ts, demo-client.ts). */
export const DEMO_ACCOUNTS_NOTICE =
  'owner@tidewater.example (owner), manager@tidewater.example, boxoffice@tidewater.example, gate@tidewater.example; shopper demo@tidewater.example';

/**
 * Least estimated entropy (server/secret-strength.ts) of the secrets the shop's owner makes:
 * a random 24-character token scores 80 to 110 bits, a random 32-byte key 140 to 160.
 */
export const MIN_TOKEN_BITS = 72;
export const MIN_KEY_BITS = 120;
/** Of the secrets a provider issues (Stripe, PayPal, the captcha), checked in production: placeholders fail. */
export const MIN_PROVIDER_SECRET_BITS = 64;

/** CHECKIN_TOKEN: unset means no one can check tickets in; a set one must not be guessable. */
function checkinToken(env: Env): string | null {
  const raw = env.CHECKIN_TOKEN?.trim() || null;
  if (raw === null) return null;
  if (raw.length < 24) throw new Error('CHECKIN_TOKEN must be at least 24 characters (for example: openssl rand -base64 32)');
  assertStrongSecret('CHECKIN_TOKEN', raw, MIN_TOKEN_BITS, 'openssl rand -base64 32');
  return raw;
}

/** A provider's secret as given; in production one that looks like a placeholder stops the start. */
function providerSecret(env: Env, name: string, production: boolean): string | undefined {
  const raw = env[name] || undefined;
  if (raw !== undefined && production) assertStrongSecret(name, raw, MIN_PROVIDER_SECRET_BITS, "copy it from the provider's dashboard");
  return raw;
}

/** TICKET_SIGNING_KEY: a 32-byte Ed25519 seed in base64url; required in production (server/modules/tickets/ticket-code.ts). */
function ticketSigningKey(env: Env): string | null {
  const raw = env.TICKET_SIGNING_KEY?.trim() || null;
  if (raw === null) {
    if (env.NODE_ENV === 'production') throw new Error('TICKET_SIGNING_KEY must be set in production (npm run ticket-key prints a new one)');
    return null;
  }
  const seed = Buffer.from(raw, 'base64url');
  if (seed.length !== 32) throw new Error('TICKET_SIGNING_KEY must be 32 bytes in base64url');
  assertStrongSecret('TICKET_SIGNING_KEY', seed, MIN_KEY_BITS, 'npm run ticket-key prints a new one');
  return raw;
}

const MINUTE_MS = 60_000;

/** BACKUP_SCHEDULE: off (default), `daily HH:MM`, `hourly`, or `every <n>h` / `every <n>m` (at least 5 minutes); UTC. */
export function backupSchedule(raw: string | undefined): BackupSchedule | null {
  const text = raw?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'off') return null;
  const daily = /^daily\s+([01]?\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (daily) return { everyMs: 24 * 60 * MINUTE_MS, offsetMs: (Number(daily[1]) * 60 + Number(daily[2])) * MINUTE_MS, text };
  if (text === 'hourly') return { everyMs: 60 * MINUTE_MS, offsetMs: 0, text };
  const every = /^every\s+(\d+)\s*([hm])$/.exec(text);
  const everyMs = every ? Number(every[1]) * (every[2] === 'h' ? 60 : 1) * MINUTE_MS : 0;
  if (!every || everyMs < 5 * MINUTE_MS || everyMs > 24 * 60 * MINUTE_MS)
    throw new Error(`BACKUP_SCHEDULE must be off, "daily HH:MM", "hourly" or "every <n>h" / "every <n>m" (5 minutes to 24 hours; UTC), got "${raw}"`);
  return { everyMs, offsetMs: 0, text };
}

/** BACKUP_KEEP: a number (the newest so many), or days/weeks/months such as `7d,4w,6m` (default `7d,4w`). */
export function backupRetention(raw: string | undefined): BackupRetention {
  const text = raw?.trim().toLowerCase() || '7d,4w';
  const refuse = () =>
    new Error(`BACKUP_KEEP must be a number of backups (14) or days, weeks and months to keep one of each (7d,4w,6m), at least one, got "${raw}"`);
  if (/^\d+$/.test(text)) {
    const count = Number(text);
    if (count < 1 || count > 10_000) throw refuse();
    return { kind: 'recent', count };
  }
  const keep = { kind: 'calendar' as const, daily: 0, weekly: 0, monthly: 0 };
  for (const part of text.split(/[\s,]+/)) {
    const match = /^(\d+)([dwm])$/.exec(part);
    if (!match) throw refuse();
    keep[match[2] === 'd' ? 'daily' : match[2] === 'w' ? 'weekly' : 'monthly'] = Number(match[1]);
  }
  if (keep.daily + keep.weekly + keep.monthly < 1) throw refuse();
  return keep;
}

/** BACKUP_KEY: 32 random bytes in base64 or base64url (npm run backup -- --new-key), never a guessable one. */
function backupKey(env: Env): Uint8Array | null {
  const raw = env.BACKUP_KEY?.trim() || null;
  if (raw === null) return null;
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(raw) ? Buffer.from(raw, 'base64') : Buffer.alloc(0);
  if (key.length !== 32) throw new Error('BACKUP_KEY must be 32 bytes in base64 (npm run backup -- --new-key prints a new one)');
  assertStrongSecret('BACKUP_KEY', key, MIN_KEY_BITS, 'npm run backup -- --new-key prints a new one');
  return new Uint8Array(key);
}

function backupS3(env: Env, production: boolean): BackupS3Settings | null {
  const names = ['BACKUP_S3_BUCKET', 'BACKUP_S3_ENDPOINT', 'BACKUP_S3_REGION', 'BACKUP_S3_PREFIX', 'BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY'];
  if (!names.some((name) => env[name]?.trim())) return null;
  const missing = ['BACKUP_S3_BUCKET', 'BACKUP_S3_ACCESS_KEY_ID', 'BACKUP_S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`A backup bucket needs ${missing.join(', ')} as well`);
  const bucket = (env.BACKUP_S3_BUCKET as string).trim();
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(`BACKUP_S3_BUCKET must be a bucket name (3-63 of a-z, 0-9, ".", "-"), got "${bucket}"`);
  const region = env.BACKUP_S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]+$/.test(region)) throw new Error(`BACKUP_S3_REGION must be a region name such as eu-west-1, got "${region}"`);
  const prefix = env.BACKUP_S3_PREFIX?.trim() ?? 'shop-backups/';
  if (!/^[A-Za-z0-9!_.*'()/-]*$/.test(prefix)) throw new Error(`BACKUP_S3_PREFIX may hold letters, digits and !_.*'()/- only, got "${prefix}"`);
  const secretAccessKey = (env.BACKUP_S3_SECRET_ACCESS_KEY as string).trim();
  if (production) assertStrongSecret('BACKUP_S3_SECRET_ACCESS_KEY', secretAccessKey, MIN_PROVIDER_SECRET_BITS, "copy it from the storage provider's console");
  return {
    endpoint: url(env, 'BACKUP_S3_ENDPOINT', `https://s3.${region}.amazonaws.com`),
    region,
    bucket,
    prefix,
    accessKeyId: (env.BACKUP_S3_ACCESS_KEY_ID as string).trim(),
    secretAccessKey,
  };
}

function backupSettings(env: Env, production: boolean): BackupSettings {
  const dir = env.BACKUP_DIR?.trim() || null;
  const s3 = backupS3(env, production);
  const key = backupKey(env);
  const schedule = backupSchedule(env.BACKUP_SCHEDULE);
  if ((dir !== null || s3 !== null || schedule !== null) && key === null)
    throw new Error('Backups are always encrypted: set BACKUP_KEY (npm run backup -- --new-key prints a new one, keep a copy away from the shop)');
  if (schedule !== null && dir === null && s3 === null) throw new Error('BACKUP_SCHEDULE needs somewhere to write: BACKUP_DIR or BACKUP_S3_BUCKET');
  return {
    dir,
    s3,
    key,
    schedule,
    keep: backupRetention(env.BACKUP_KEEP),
    pgDump: env.BACKUP_PG_DUMP?.trim() || 'pg_dump',
    pgRestore: env.BACKUP_PG_RESTORE?.trim() || 'pg_restore',
  };
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000);
  const testMode = env.NODE_ENV === 'test';
  const production = env.NODE_ENV === 'production';
  const gateway = paymentGateway(env);
  const allowTestGateway = flag(env, 'ALLOW_TEST_GATEWAY', !production);
  if (gateway === 'test' && !allowTestGateway) {
    throw new Error(
      'PAYMENT_GATEWAY=test marks orders paid without money: refused in production. Set PAYMENT_GATEWAY=stripe or paypal (or ALLOW_TEST_GATEWAY=true for a staging shop)',
    );
  }
  const holdMinutes = integer(env, 'HOLD_MINUTES', 0);
  const seedDemo = flag(env, 'SEED_DEMO', !production);
  if (production && seedDemo && !flag(env, 'SEED_DEMO_WITH_PUBLISHED_PASSWORDS', false)) {
    throw new Error(
      `SEED_DEMO=true in production would seed the demo shop with its back-office accounts (${DEMO_ACCOUNTS_NOTICE}) and a demo shopper, all with published passwords: refused. Leave SEED_DEMO unset, or set SEED_DEMO_WITH_PUBLISHED_PASSWORDS=true as well for a staging shop`,
    );
  }
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    mediaDir: env.MEDIA_DIR || `${env.DATA_DIR || './data'}/media`,
    dbPoolSize: integer(env, 'DB_POOL_SIZE', 10),
    staticDir: env.STATIC_DIR === '' ? null : env.STATIC_DIR || 'dist',
    production,
    seedDemo,
    secureCookies: flag(env, 'SECURE_COOKIES', production),
    sessionDays: integer(env, 'SESSION_DAYS', 30),
    loginMaxAttempts: integer(env, 'LOGIN_MAX_ATTEMPTS', 5),
    loginWindowMinutes: integer(env, 'LOGIN_WINDOW_MINUTES', 15),
    loginAccountMaxDelayMinutes: integer(env, 'LOGIN_ACCOUNT_MAX_DELAY_MINUTES', 30),
    staffSessions: {
      hours: Math.max(1, integer(env, 'STAFF_SESSION_HOURS', 12)),
      idleMinutes: Math.max(1, integer(env, 'STAFF_SESSION_IDLE_MINUTES', 60)),
      max: Math.max(1, integer(env, 'STAFF_MAX_SESSIONS', 5)),
    },
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Ticket shop <shop@localhost>',
    firstOwnerEmail: (env.FIRST_OWNER_EMAIL || 'owner@localhost').trim().toLowerCase(),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    trustProxy: trustProxy(env),
    logLevel: env.LOG_LEVEL || 'info',
    holdMinutes: holdMinutes > 0 ? holdMinutes : null,
    waitlistIntervalMs: integer(env, 'WAITLIST_INTERVAL_MS', 2000),
    subscriptionReminderDays: integer(env, 'SUBSCRIPTION_REMINDER_DAYS', 14),
    paymentGateway: gateway,
    allowTestGateway,
    frameAncestors: frameAncestors(env),
    sentryDsn: env.SENTRY_DSN || env.VITE_SENTRY_DSN || undefined,
    illustrationsBase: env.ILLUSTRATIONS_BASE || env.VITE_ILLUSTRATIONS_BASE || undefined,
    testGatewayMode: testGatewayMode(env),
    // The two test switches are ignored outside tests: production always guards capacity.
    capacityGuard: testMode ? flag(env, 'CAPACITY_GUARD', true) : true,
    capacityRaceDelayMs: testMode ? integer(env, 'CAPACITY_RACE_DELAY_MS', 0) : 0,
    checkResponses: flag(env, 'CHECK_RESPONSES', testMode || env.NODE_ENV === 'development'),
    catalogueCacheMs: integer(env, 'CATALOGUE_CACHE_MS', 2000),
    idempotencyWaitMs: integer(env, 'IDEMPOTENCY_WAIT_MS', 5000),
    rateLimits: flag(env, 'RATE_LIMITS', true),
    abuse: {
      anonymousOrderPlaces: integer(env, 'ANON_ORDER_MAX_PLACES', 40),
      addressPlacesPerHour: integer(env, 'ADDRESS_PLACES_PER_HOUR', 200),
      simulationsPerMinute: integer(env, 'SIMULATIONS_PER_MINUTE', 120),
    },
    reservationHours: integer(env, 'RESERVATION_HOURS', 48),
    http: {
      requestTimeoutMs: positive(env, 'REQUEST_TIMEOUT_MS', 30_000),
      connectionTimeoutMs: positive(env, 'CONNECTION_TIMEOUT_MS', 60_000),
      keepAliveTimeoutMs: positive(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000),
      bodyLimitBytes: positive(env, 'BODY_LIMIT_BYTES', 256 * 1024),
    },
    heavyReads: {
      statementTimeoutMs: positive(env, 'HEAVY_READ_TIMEOUT_MS', 15_000),
      concurrency: positive(env, 'HEAVY_READS_AT_ONCE', 2),
      exportMaxRows: positive(env, 'EXPORT_MAX_ROWS', 250_000),
      exportPageRows: positive(env, 'EXPORT_PAGE_ROWS', 1000),
      syncChunk: positive(env, 'GATE_SYNC_CHUNK', 25),
      uncachedListingsPerMinute: positive(env, 'UNCACHED_LISTINGS_PER_MINUTE', 120),
    },
    ticketSigningKey: ticketSigningKey(env),
    checkinToken: checkinToken(env),
    wallets: { apple: appleWalletSettings(env), google: googleWalletSettings(env) },
    stripe: {
      secretKey: providerSecret(env, 'STRIPE_SECRET_KEY', production),
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
      webhookSecret: providerSecret(env, 'STRIPE_WEBHOOK_SECRET', production),
      apiBase: url(env, 'STRIPE_API_BASE', 'https://api.stripe.com'),
    },
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID || undefined,
      clientSecret: providerSecret(env, 'PAYPAL_CLIENT_SECRET', production),
      webhookId: env.PAYPAL_WEBHOOK_ID || undefined,
      apiBase: url(env, 'PAYPAL_API_BASE', paypalBase(env)),
    },
    security: {
      enabled: flag(env, 'SECURITY_ENABLED', true),
      captchaSecret: providerSecret(env, 'CAPTCHA_SECRET', production),
      captchaVerifyUrl: url(env, 'CAPTCHA_VERIFY_URL', 'https://www.google.com/recaptcha/api/siteverify'),
    },
    backup: backupSettings(env, production),
  };
}

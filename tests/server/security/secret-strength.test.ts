/**
 * Weak secrets refused at start (server/secret-strength.ts, server/config.ts), and the
 * development ticket key: random per data directory and kept in it (server/modules/tickets/ticket-code.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, MIN_KEY_BITS, MIN_TOKEN_BITS } from '../../../server/config.ts';
import { DEVELOPMENT_KEY_FILE, readTicketCode, signTicket, ticketKeys } from '../../../server/modules/tickets/ticket-code.ts';
import { estimatedSecretBits } from '../../../server/secret-strength.ts';

describe('estimatedSecretBits', () => {
  it.each([
    ['one repeated letter', 'a'.repeat(24), 0, 0],
    ['two letters taking turns', 'ab'.repeat(12), 2, 2],
    ['a word repeated', 'password1234password1234', 40, 42],
    // Length, variety and the steps between neighbours: a keyboard walk repeats some of its steps.
    ['a keyboard walk', 'qwertyuiopasdfghjklzxcvb', 91, 92],
    ['a phrase with a counter', 'gate-operators-token-0123456789', 109, 110],
    // A sequence is one step repeated: the first letter and nothing more (issue 37).
    ['the alphabet', 'abcdefghijklmnopqrstuvwx', 8, 8],
    ['counting down', 'zyxwvutsrqponmlkjihgfedc', 8, 8],
  ])('%s: %s scores %i to %i bits', (_name, secret, low, high) => {
    const bits = estimatedSecretBits(secret);
    expect(bits).toBeGreaterThanOrEqual(low);
    expect(bits).toBeLessThanOrEqual(high);
  });

  it('counts a byte key by its bytes: 32 equal bytes are nothing, random ones well over the minimum', () => {
    expect(estimatedSecretBits(Buffer.alloc(32, 7))).toBe(0);
    expect(estimatedSecretBits(Buffer.from(Array.from({ length: 32 }, (_, index) => index % 4)))).toBe(8);
    // The bytes 0, 1, 2 … 31: every byte different, and no more to guess than the first (issue 37).
    expect(estimatedSecretBits(Buffer.from(Array.from({ length: 32 }, (_, index) => index)))).toBe(8);
    for (let round = 0; round < 200; round++) expect(estimatedSecretBits(randomBytes(32))).toBeGreaterThanOrEqual(MIN_KEY_BITS);
  });

  it('passes what the documented generators make: openssl rand -base64 18 (24 characters) and more', () => {
    for (let round = 0; round < 500; round++) {
      expect(estimatedSecretBits(randomBytes(18).toString('base64'))).toBeGreaterThanOrEqual(MIN_TOKEN_BITS);
      expect(estimatedSecretBits(randomBytes(32).toString('base64'))).toBeGreaterThanOrEqual(MIN_TOKEN_BITS);
    }
  });

  it('is 0 for nothing', () => {
    expect(estimatedSecretBits('')).toBe(0);
  });
});

describe('refused at start', () => {
  it.each(['a'.repeat(24), 'ab'.repeat(16), 'password1234password1234', '000000000000000000000000000000001', 'abcdefghijklmnopqrstuvwx'])(
    'CHECKIN_TOKEN=%s',
    (token) => {
      expect(() => loadConfig({ CHECKIN_TOKEN: token })).toThrow(/CHECKIN_TOKEN is too easy to guess .*bits/);
    },
  );

  it('takes a random CHECKIN_TOKEN', () => {
    const token = randomBytes(32).toString('base64');
    expect(loadConfig({ CHECKIN_TOKEN: token }).checkinToken).toBe(token);
  });

  it('refuses a TICKET_SIGNING_KEY of the right length but no randomness', () => {
    const counting = Buffer.from(Array.from({ length: 32 }, (_, index) => index));
    for (const seed of [Buffer.alloc(32, 7), Buffer.from('0123'.repeat(8)), Buffer.alloc(32), counting]) {
      expect(() => loadConfig({ TICKET_SIGNING_KEY: seed.toString('base64url') })).toThrow(/TICKET_SIGNING_KEY is too easy to guess/);
    }
    const key = randomBytes(32).toString('base64url');
    expect(loadConfig({ TICKET_SIGNING_KEY: key }).ticketSigningKey).toBe(key);
  });

  it('in production, refuses providers’ secrets that look like placeholders; outside it, takes the test ones', () => {
    const production = { NODE_ENV: 'production', PAYMENT_GATEWAY: 'stripe', TICKET_SIGNING_KEY: randomBytes(32).toString('base64url') };
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY', 'PAYPAL_CLIENT_SECRET', 'CAPTCHA_SECRET']) {
      expect(() => loadConfig({ ...production, [name]: 'changeme' }), name).toThrow(new RegExp(`${name} is too easy to guess`));
      expect(() => loadConfig({ ...production, [name]: `whsec_${randomBytes(24).toString('base64')}` }), name).not.toThrow();
      expect(() => loadConfig({ [name]: 'changeme' }), name).not.toThrow();
    }
  });
});

describe('the development ticket key', () => {
  const made: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-ticket-key-'));
    made.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it('is made at random once per data directory, kept in it readable by its owner only, and used again', () => {
    const dir = dataDir();
    const first = ticketKeys({ ticketSigningKey: null, dataDir: dir });
    const file = join(dir, DEVELOPMENT_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url')).toHaveLength(32);
    const again = ticketKeys({ ticketSigningKey: null, dataDir: dir });
    expect(again.publicPem).toBe(first.publicPem);
    const code = signTicket(first, { id: 1, nonce: 'abcdefghijkl' });
    expect(readTicketCode(again.publicKey, code)).toEqual({ id: 1, nonce: 'abcdefghijkl' });
  });

  it('cannot be worked out from the data directory’s path: the same path made again has another key', () => {
    const dir = dataDir();
    const first = ticketKeys({ ticketSigningKey: null, dataDir: dir }).publicPem;
    rmSync(dir, { recursive: true });
    expect(ticketKeys({ ticketSigningKey: null, dataDir: dir }).publicPem).not.toBe(first);
    expect(ticketKeys({ ticketSigningKey: null, dataDir: dataDir() }).publicPem).not.toBe(first);
  });

  it('makes a data directory that is not there yet, and refuses a key file that holds no key', () => {
    const dir = join(dataDir(), 'nested', 'data');
    expect(() => ticketKeys({ ticketSigningKey: null, dataDir: dir })).not.toThrow();
    const broken = dataDir();
    writeFileSync(join(broken, DEVELOPMENT_KEY_FILE), 'not a key\n');
    expect(() => ticketKeys({ ticketSigningKey: null, dataDir: broken })).toThrow(/does not hold a 32-byte ticket key/);
  });

  it('is not used when TICKET_SIGNING_KEY is set: nothing is written', () => {
    const dir = dataDir();
    const seed = randomBytes(32);
    ticketKeys({ ticketSigningKey: seed.toString('base64url'), dataDir: dir });
    expect(() => statSync(join(dir, DEVELOPMENT_KEY_FILE))).toThrow();
  });
});

/**
 * What NODE_ENV=production changes (server/config.ts): the test gateway refused unless explicitly
 * allowed, no demo shop unless asked, secure cookies, and TRUST_PROXY as hops or proxies only.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

// Production also needs the e-ticket signing key (server/modules/tickets); a random one for these checks.
const TICKET_SIGNING_KEY = randomBytes(32).toString('base64url');
const production = { NODE_ENV: 'production', PAYMENT_GATEWAY: 'stripe', TICKET_SIGNING_KEY };

describe('production defaults', () => {
  it('refuses the test gateway in production unless ALLOW_TEST_GATEWAY=true', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', TICKET_SIGNING_KEY })).toThrow(/PAYMENT_GATEWAY=test .* refused in production/);
    expect(() => loadConfig({ NODE_ENV: 'production', TICKET_SIGNING_KEY, PAYMENT_GATEWAY: 'test', ALLOW_TEST_GATEWAY: 'false' })).toThrow(
      /refused in production/,
    );
    const allowed = loadConfig({ NODE_ENV: 'production', TICKET_SIGNING_KEY, ALLOW_TEST_GATEWAY: 'true' });
    expect(allowed).toMatchObject({ paymentGateway: 'test', allowTestGateway: true });
    // Outside production (npm start for a newcomer, npm run dev, tests) the test gateway is the default.
    expect(loadConfig({})).toMatchObject({ paymentGateway: 'test', allowTestGateway: true, production: false });
  });

  it('seeds the demo shop only outside production, or where SEED_DEMO asks for it', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('refuses SEED_DEMO=true in production, naming the demo accounts it would make, unless their published passwords are asked for by name', () => {
    // The demo staff's owner (owner@tidewater.example / tidewater-owner) would sign in to a live shop (issue 37).
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO=true in production .*owner@tidewater\.example \(owner\).*refused/);
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true', SEED_DEMO_WITH_PUBLISHED_PASSWORDS: 'false' })).toThrow(/refused/);
    expect(loadConfig({ ...production, SEED_DEMO: 'true', SEED_DEMO_WITH_PUBLISHED_PASSWORDS: 'true' }).seedDemo).toBe(true);
  });

  it('marks cookies Secure in production unless SECURE_COOKIES=false', () => {
    expect(loadConfig(production).secureCookies).toBe(true);
    expect(loadConfig({ ...production, SECURE_COOKIES: 'false' }).secureCookies).toBe(false);
    expect(loadConfig({}).secureCookies).toBe(false);
  });

  it('takes TRUST_PROXY as a hop count or a list of proxies, never "trust everyone"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,::1' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/would believe any X-Forwarded-For/);
    expect(() => loadConfig({ TRUST_PROXY: 'loadbalancer.internal' })).toThrow(/hop count or proxy addresses/);
  });
});

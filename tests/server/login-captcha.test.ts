/**
 * Guesses at one account spread over many addresses (each under its own per-address limit): past
 * LOGIN_MAX_ATTEMPTS failures of the account, every sign-in of it needs a verified captcha — the
 * owner included, who can still get in, which a lock-out would not allow.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../server/db/schema/index.ts';
import { startFakeCaptchaVerify, type FakeCaptchaVerify } from '../fakes/captcha-verify.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

const SECRET = 'test-captcha-secret';
const DEMO = { email: 'demo@tidewater.example', password: 'tidewater-demo' };

let shop: TestShop;
let fake: FakeCaptchaVerify;

beforeAll(async () => {
  fake = await startFakeCaptchaVerify({ secret: SECRET });
  shop = await createTestShop({ config: { security: { enabled: true, captchaSecret: SECRET, captchaVerifyUrl: fake.verifyUrl } } });
  await shop.db.update(organisations).set({ securityEnabled: true, captchaSiteKey: 'site-key' });
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

const login = (body: Record<string, unknown>, ip: string) => shop.app.inject({ method: 'POST', url: '/api/client/login', payload: body, remoteAddress: ip });

describe('the captcha on sign-ins of an account guessed from many addresses', () => {
  it('asks every sign-in of the account for a captcha, and lets the owner in with one', async () => {
    const max = shop.config.loginMaxAttempts;
    for (let attempt = 0; attempt < max; attempt += 1) {
      expect((await login({ email: DEMO.email, password: `guess-${attempt}` }, `198.51.100.${attempt + 1}`)).statusCode).toBe(401);
    }
    const guesser = await login({ email: DEMO.email, password: 'one more' }, '198.51.100.99');
    expect(guesser.statusCode).toBe(403);
    expect(guesser.json()).toMatchObject({ ok: false, error: 'SECURITY_CAPTCHA_REQUIRED' });
    const forged = await login({ ...DEMO, captcha: 'made-up' }, '203.0.113.5');
    expect(forged.json()).toMatchObject({ ok: false, error: 'SECURITY_CAPTCHA_INVALID' });

    const owner = await login({ ...DEMO, captcha: fake.issueToken() }, '203.0.113.5');
    expect(owner.statusCode).toBe(200);
    // The success cleared the account's failures: no captcha needed any more.
    expect((await login(DEMO, '203.0.113.6')).statusCode).toBe(200);
  });

  it('asks nothing of other accounts', async () => {
    expect((await login({ email: 'nobody@example.test', password: 'x' }, '198.51.100.200')).statusCode).toBe(401);
  });
});

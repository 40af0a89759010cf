/**
 * Where the captcha is on, a shopper past the balance check's guessing limit is asked for it
 * (403 SECURITY_CAPTCHA_REQUIRED), a verified token lets one more check through, and a refused or
 * reused one does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '../../../server/db/schema/index.ts';
import { GIFT_CARD_LOOKUP_LIMITS } from '../../../server/modules/coupons/gift-card-lookup-guard.ts';
import { startFakeCaptchaVerify, type FakeCaptchaVerify } from '../../fakes/captcha-verify.ts';
import { createTestShop, type TestShop } from '../helpers/test-app.ts';

const SECRET = 'test-captcha-secret';
let fake: FakeCaptchaVerify;
let shop: TestShop;

const check = (code: string, captcha?: string) =>
  shop.app.inject({
    method: 'GET',
    url: `/api/voucher/check/${code}${captcha === undefined ? '' : `?captcha=${encodeURIComponent(captcha)}`}`,
    remoteAddress: '203.0.113.7',
  });

beforeAll(async () => {
  fake = await startFakeCaptchaVerify({ secret: SECRET });
  shop = await createTestShop({
    now: '2030-06-03T07:00:00Z',
    config: { security: { enabled: true, captchaSecret: SECRET, captchaVerifyUrl: fake.verifyUrl } },
  });
  await shop.db.update(organisations).set({ securityEnabled: true, captchaSiteKey: 'site-key' });
});
afterAll(async () => {
  await shop?.close();
  await fake?.close();
});

describe('the balance check with security on', () => {
  it('asks for the captcha past the limit and answers with a verified token', async () => {
    for (let attempt = 0; attempt < GIFT_CARD_LOOKUP_LIMITS.perAddress.limit; attempt += 1) expect((await check(`GUESS-${attempt}`)).statusCode).toBe(404);
    const asked = await check('GIFT-DEMO-2500');
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toMatchObject({ ok: false, error: 'SECURITY_CAPTCHA_REQUIRED' });
    expect((await check('GIFT-DEMO-2500', 'made-up')).json()).toMatchObject({ error: 'SECURITY_CAPTCHA_INVALID' });
    const token = fake.issueToken();
    const answered = await check('GIFT-DEMO-2500', token);
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ code: 'GIFT-DEMO-2500', credit: 25 });
    expect((await check('GIFT-DEMO-2500', token)).json()).toMatchObject({ error: 'SECURITY_CAPTCHA_INVALID' });
  });
});

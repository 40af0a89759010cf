/**
 * Security headers on every answer (server/plugins/security-headers.ts), and a Content-Security-Policy
 * that allows exactly the providers the configuration uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { contentSecurityPolicy } from '../../server/security/content-security-policy.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop({ seedDemo: false });
});
afterAll(async () => shop?.close());

/** The policy as a map of directive → sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}
const policyFor = (env: Record<string, string>) => directives(contentSecurityPolicy(loadConfig(env)));

describe('security headers', () => {
  it.each(['/api/health', '/api/organisation', '/api/no/such/route', '/api/reservation/%00'])('are sent with %s', async (url) => {
    const response = await shop.app.inject({ url });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const policy = directives(String(response.headers['content-security-policy']));
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    // Not behind HTTPS (SECURE_COOKIES off): no HSTS, which would lock a plain-HTTP shop out of browsers.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets the back office’s pages (the gate scanner) use the camera on their own origin, and no other page', async () => {
    const camera = async (url: string) => String((await shop.app.inject({ url })).headers['permissions-policy']);
    expect(await camera('/backoffice/gate')).toBe('camera=(self), microphone=(), geolocation=()');
    expect(await camera('/backoffice')).toBe('camera=(self), microphone=(), geolocation=()');
    for (const url of ['/', '/api/health', '/backofficeX', '/product/1/x']) expect(await camera(url)).toBe('camera=(), microphone=(), geolocation=()');
  });

  it('sends HSTS and upgrades requests when the shop runs behind HTTPS', async () => {
    const config: Config = { ...shop.config, secureCookies: true };
    const secure = await buildApp({ db: shop.db, config, clock: shop.clock });
    try {
      const response = await secure.inject({ url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});

describe('the Content-Security-Policy', () => {
  it('allows no third party with the test gateway and no captcha or error reporting', () => {
    const policy = policyFor({});
    for (const name of ['script-src', 'connect-src', 'frame-src', 'form-action']) expect(policy[name], name).toEqual(["'self'"]);
  });

  it('allows Stripe only when Stripe is the gateway, and PayPal only when PayPal is', () => {
    const stripe = policyFor({ PAYMENT_GATEWAY: 'stripe' });
    expect(stripe['script-src']).toContain('https://js.stripe.com');
    expect(stripe['frame-src']).toEqual(expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']));
    expect(stripe['script-src']!.join(' ')).not.toContain('paypal');
    const paypal = policyFor({ PAYMENT_GATEWAY: 'paypal' });
    expect(paypal['script-src']).toContain('https://www.paypal.com');
    expect(paypal['script-src']!.join(' ')).not.toContain('stripe');
    // The configured API (the sandbox here) is allowed too.
    expect(policyFor({ PAYMENT_GATEWAY: 'paypal' })['connect-src']).toContain('https://api-m.sandbox.paypal.com');
  });

  it('allows reCAPTCHA when a captcha secret is set, and the Sentry ingest origin when a DSN is', () => {
    const policy = policyFor({ CAPTCHA_SECRET: 'secret', SENTRY_DSN: 'https://public@o42.ingest.sentry.io/7' });
    expect(policy['script-src']).toEqual(expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']));
    expect(policy['frame-src']).toContain('https://www.google.com/recaptcha/');
    expect(policy['connect-src']).toEqual(["'self'", 'https://o42.ingest.sentry.io']);
  });

  it('lets the illustration service serve images when ILLUSTRATIONS_BASE (or the build’s VITE_ILLUSTRATIONS_BASE) is set', () => {
    expect(policyFor({})['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(policyFor({ ILLUSTRATIONS_BASE: 'https://illustrations.example/shop/v2' })['img-src']).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://illustrations.example',
    ]);
    expect(policyFor({ VITE_ILLUSTRATIONS_BASE: 'https://cdn.example/art' })['img-src']).toContain('https://cdn.example');
    expect(policyFor({ ILLUSTRATIONS_BASE: '/illustrations' })['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('takes frame-ancestors from FRAME_ANCESTORS, for shops embedded by a partner', () => {
    expect(policyFor({ FRAME_ANCESTORS: "'self' https://partner.example" })['frame-ancestors']).toEqual(["'self'", 'https://partner.example']);
    expect(policyFor({ FRAME_ANCESTORS: 'none' })['frame-ancestors']).toEqual(["'none'"]);
    expect(() => loadConfig({ FRAME_ANCESTORS: 'javascript:alert(1)' })).toThrow(/FRAME_ANCESTORS/);
  });
});

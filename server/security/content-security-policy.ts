/**
 * The Content-Security-Policy of the shop: its own origin, plus exactly the providers this
 * configuration uses — the payment gateway's script and frames (Stripe.js, the PayPal SDK), the
 * captcha (reCAPTCHA, when CAPTCHA_SECRET is set), the error reporting (Sentry's ingest origin,
 * when SENTRY_DSN is set), the illustration service (its origin in img-src, when ILLUSTRATIONS_BASE is
 * set) — and frame-ancestors as FRAME_ANCESTORS says (default: only the shop).
 */
import type { Config } from '../config.ts';

type Directives = Record<string, string[]>;

const PROVIDERS: Record<'stripe' | 'paypal' | 'captcha', Partial<Directives>> = {
  // https://docs.stripe.com/security/guide#content-security-policy
  stripe: {
    'script-src': ['https://js.stripe.com'],
    'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
    'connect-src': ['https://api.stripe.com'],
  },
  // https://developer.paypal.com/sdk/js/csp/
  paypal: {
    'script-src': ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
    'frame-src': ['https://www.paypal.com', 'https://*.paypal.com'],
    'connect-src': ['https://*.paypal.com', 'https://*.paypalobjects.com'],
    'img-src': ['https://*.paypal.com', 'https://*.paypalobjects.com'],
  },
  // reCAPTCHA as react-google-recaptcha loads it (www.google.com or recaptcha.net)
  captcha: {
    'script-src': ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/', 'https://www.recaptcha.net/recaptcha/'],
    'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/', 'https://www.recaptcha.net/recaptcha/'],
  },
};

/** The origin of a Sentry DSN (https://key@o1.ingest.sentry.io/1 → https://o1.ingest.sentry.io), or null. */
export function sentryOrigin(dsn: string | undefined): string | null {
  return webOrigin(dsn);
}

/** The origin of an http(s) address, or null (unset, relative, another scheme). */
export function webOrigin(address: string | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

const originOf = (address: string) => new URL(address).origin;

export function contentSecurityPolicy(
  config: Pick<Config, 'paymentGateway' | 'security' | 'sentryDsn' | 'illustrationsBase' | 'frameAncestors' | 'secureCookies' | 'stripe' | 'paypal'>,
): string {
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // React style attributes and the test gateway's page style: inline styles, never inline scripts.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': config.frameAncestors,
  };
  const used = [
    config.paymentGateway === 'stripe' ? PROVIDERS.stripe : null,
    config.paymentGateway === 'paypal' ? PROVIDERS.paypal : null,
    config.security.enabled && config.security.captchaSecret ? PROVIDERS.captcha : null,
  ];
  for (const provider of used) {
    for (const [name, sources] of Object.entries(provider ?? {})) directives[name] = [...(directives[name] ?? []), ...(sources ?? [])];
  }
  // The gateway's API as configured (its live address by default; a sandbox or a local fake in tests).
  if (config.paymentGateway === 'stripe') directives['connect-src']!.push(originOf(config.stripe.apiBase));
  if (config.paymentGateway === 'paypal') directives['connect-src']!.push(originOf(config.paypal.apiBase));
  const sentry = sentryOrigin(config.sentryDsn);
  if (sentry) directives['connect-src']!.push(sentry);
  const illustrations = webOrigin(config.illustrationsBase);
  if (illustrations) directives['img-src']!.push(illustrations);
  const parts = Object.entries(directives).map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`);
  if (config.secureCookies) parts.push('upgrade-insecure-requests');
  return parts.join('; ');
}

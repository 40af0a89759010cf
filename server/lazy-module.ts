/**
 * A package loaded on first use rather than at start: the SDKs and encoders most processes never call
 * (Stripe without PAYMENT_GATEWAY=stripe, sharp until an image is uploaded, nodemailer without SMTP,
 * node-postgres on PGlite…) would otherwise cost a third of a second of every start
 * (`npm run bench:startup`). Synchronous (`require`), so callers stay as they are; types come from
 * `import type`.
 *
 *   const qrcode = lazyModule<typeof import('qrcode')>('qrcode');
 *   await qrcode().toString(code, { type: 'svg' });
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}

/**
 * The official Stripe SDK as the shop uses it: built once per configuration from config.stripe and
 * pointed at STRIPE_API_BASE (https://api.stripe.com, a local fake in tests). Without all three
 * secrets there is no client, and card payments are refused with PAYMENT_FAILED 503.
 */
import type Stripe from 'stripe';
import { lazyModule } from '../../lazy-module.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';

/** The SDK's class and its error classes, loaded when a Stripe shop first needs them (server/lazy-module.ts). */
export const stripeSdk = lazyModule<typeof Stripe>('stripe');

export interface StripeSetup {
  stripe: Stripe;
  /** Handed to the storefront, which loads Stripe.js with it. */
  publishableKey: string;
  /** Signs the webhooks Stripe sends (whsec_...). */
  webhookSecret: string;
}

export type StripeConfig = Config['stripe'];

/** STRIPE_API_BASE as the SDK's host / port / protocol options (it always speaks to /v1 under them). */
export function stripeApiAddress(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    // node:http wants an IPv6 address without its brackets.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  };
}

// One SDK (and its keep-alive agent) per configuration, not one per order.
const built = new WeakMap<StripeConfig, StripeSetup>();

export function stripeSetup(config: StripeConfig): StripeSetup {
  const cached = built.get(config);
  if (cached) return cached;
  const { secretKey, publishableKey, webhookSecret } = config;
  if (!secretKey || !publishableKey || !webhookSecret) {
    throw new AppError('PAYMENT_FAILED', 503, 'Card payments are not configured');
  }
  const stripe = new (stripeSdk())(secretKey, {
    ...stripeApiAddress(config.apiBase),
    // Every write carries an idempotency key, so the SDK's retries never do anything twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'ticket-storefront' },
  });
  const setup = { stripe, publishableKey, webhookSecret };
  built.set(config, setup);
  return setup;
}

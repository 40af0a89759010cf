/** Client accounts (spec sections 3 and 6). */
import type { SubscriptionType } from './catalogue.ts';

export interface ClientSubscription {
  id: number;
  token: string;
  type: SubscriptionType;
  available_redemptions: number;
  subscription: {
    id: number;
    title: string;
    /** Product ids it can be redeemed against. */
    products: number[];
    /** -1 means unlimited. */
    redemptions: number;
    expiration: { date: string | null };
    price: number;
    audiences: { id: number; name: string }[];
    upsells: number[];
  };
}

export interface Client {
  id: number;
  name: { first: string; last: string; full: string };
  email: string;
  company: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  vat_id: string | null;
  token: string;
  fields: { id: number; value: string | number | boolean | null }[];
  subscriptions: ClientSubscription[];
}

/** GET /api/client answers the signed-in client, or null for an anonymous visitor. */
export type ClientResponse = Client | null;

export interface LoginRequest {
  email: string;
  password: string;
}

/** POST /api/client: exchanges a one-time sign-in token (from a sign-in link) for a session. */
export interface TokenSignInRequest {
  token: string;
}

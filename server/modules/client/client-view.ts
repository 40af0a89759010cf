/** Shapes stored client rows into the Client contract (spec section 3); pure, no queries. */
import type { Client, ClientSubscription } from '#domain/contracts/client.ts';
import { translate, type Language, type Translations } from '#domain/languages.ts';
import { toAmount } from '#domain/money.ts';
import type { SubscriptionType } from '#domain/contracts/catalogue.ts';

export interface ClientRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  company: string | null;
  address: string | null;
  zipcode: string | null;
  city: string | null;
  vatId: string | null;
  token: string;
}

export interface ClientSubscriptionRow {
  id: number;
  token: string;
  type: SubscriptionType;
  availableRedemptions: number;
  expiresOn: string | null;
  subscriptionId: number;
  redemptions: number;
  texts: Translations<{ title: string }>;
}

export interface SubscriptionDetails {
  audiences: { subscriptionId: number; audienceId: number; priceCents: number; texts: Translations<{ name: string }> }[];
  products: { subscriptionId: number; productId: number }[];
  upsells: { subscriptionId: number; upsellId: number }[];
}

export interface ClientParts {
  client: ClientRow;
  fields: { fieldId: number; value: string | number | boolean | null }[];
  subscriptions: ClientSubscriptionRow[];
  details: SubscriptionDetails;
}

export interface Languages {
  language: Language;
  fallback: Language;
}

function toClientSubscription(row: ClientSubscriptionRow, details: SubscriptionDetails, { language, fallback }: Languages): ClientSubscription {
  const own = <T extends { subscriptionId: number }>(list: T[]) => list.filter((item) => item.subscriptionId === row.subscriptionId);
  const audiences = own(details.audiences);
  // The "from" price of a subscription: its cheapest audience.
  const cheapest = audiences.length > 0 ? Math.min(...audiences.map((audience) => audience.priceCents)) : 0;
  return {
    id: row.id,
    token: row.token,
    type: row.type,
    available_redemptions: row.availableRedemptions,
    subscription: {
      id: row.subscriptionId,
      title: translate(row.texts, language, fallback).title ?? '',
      products: own(details.products).map((product) => product.productId),
      redemptions: row.redemptions,
      expiration: { date: row.expiresOn },
      price: toAmount(cheapest),
      audiences: audiences.map((audience) => ({
        id: audience.audienceId,
        name: translate(audience.texts, language, fallback).name ?? '',
      })),
      upsells: own(details.upsells).map((upsell) => upsell.upsellId),
    },
  };
}

export function toClient(parts: ClientParts, languages: Languages): Client {
  const { client } = parts;
  return {
    id: client.id,
    name: { first: client.firstName, last: client.lastName, full: `${client.firstName} ${client.lastName}`.trim() },
    email: client.email,
    company: client.company,
    address: client.address,
    zipcode: client.zipcode,
    city: client.city,
    vat_id: client.vatId,
    token: client.token,
    fields: parts.fields.map((field) => ({ id: field.fieldId, value: field.value })),
    subscriptions: parts.subscriptions.map((row) => toClientSubscription(row, parts.details, languages)),
  };
}

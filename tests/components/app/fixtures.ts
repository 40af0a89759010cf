/** Start-up data and msw handlers shared by the app and client component tests. */
import { http, HttpResponse } from 'msw';
import type { CategoryListItem, HomeProducts } from '#domain/contracts/catalogue.ts';
import type { Client } from '#domain/contracts/client.ts';
import type { Faq } from '#domain/contracts/faq.ts';
import type { Organisation } from '#domain/contracts/organisation.ts';
import { organisation as shopOrganisation } from '../components/shop-fixtures.ts';

// The shop of the feature tests, without categories: the app tests do not need any.
export const organisation: Organisation = { ...shopOrganisation, shop: { ...shopOrganisation.shop, categories: 0 } };

export const demoClient: Client = {
  id: 7,
  name: { first: 'Dana', last: 'de Vries', full: 'Dana de Vries' },
  email: 'demo@tidewater.example',
  company: null,
  address: 'Havenstraat 12',
  zipcode: '1011 AB',
  city: 'Amsterdam',
  vat_id: null,
  token: 'client-token',
  fields: [],
  subscriptions: [],
};

export const homeProducts: HomeProducts = { products: [], subscriptions: [], vouchers: [] };
export const categories: CategoryListItem[] = [];

export const faq: Faq = {
  faq_enabled: true,
  questions: [],
  phone_number: null,
  email: null,
  whatsapp_url: null,
  opening_hours_url: null,
  rebooking_allowed: false,
  rebooking_secret: null,
};

export function errorBody(code: string, status: number) {
  return HttpResponse.json({ ok: false, error: code, message: code }, { status });
}

/** Counts the requests each start-up path received, by path. */
export function startupHandlers(options: { client?: () => Client | null; hits?: Map<string, number> } = {}) {
  const count = (path: string) => options.hits?.set(path, (options.hits.get(path) ?? 0) + 1);
  return [
    http.get('*/api/client', () => {
      count('client');
      return HttpResponse.json(options.client ? options.client() : null);
    }),
    http.get('*/api/organisation', () => {
      count('organisation');
      return HttpResponse.json(organisation);
    }),
    http.get('*/api/home/products', () => {
      count('home/products');
      return HttpResponse.json(homeProducts);
    }),
    http.get('*/api/faq', () => {
      count('faq');
      return HttpResponse.json(faq);
    }),
    http.get('*/api/categories', () => {
      count('categories');
      return HttpResponse.json(categories);
    }),
  ];
}

/**
 * A small shop after the demo seed (docs/demo-shop.md) for the page tests of home, catalogue and
 * faq: ids are local to the tests; slugs and texts follow the demo shop.
 */
import type { CategoryListItem, HomeProducts, ProductSummary, SubscriptionSummary, VoucherSummary } from '#domain/contracts/catalogue.ts';
import type { Faq } from '#domain/contracts/faq.ts';
import type { Organisation } from '#domain/contracts/organisation.ts';

export const organisation: Organisation = {
  id: 1,
  name: 'Tidewater Zoo & Aquarium',
  currency: 'EUR',
  timezone: 'Europe/Amsterdam',
  theme_colour: '1abc9c',
  default_language: 'en',
  languages: ['en', 'nl', 'es', 'de', 'fr'],
  logo: '/images/logo.svg',
  shop: { categories: 3, allowShoppingCart: true, allow_business: true },
  fields: [],
  business_fields: [],
  additions: [],
  security: { enabled: false, captcha_key: null },
};

export function product(id: number, slug: string, title: string, price: number, extra: Partial<ProductSummary> = {}): ProductSummary {
  return { id, slug, title, description: null, image: null, label: null, state: 'PUBLISHED', visible: true, price, full: false, ...extra };
}

export function subscription(id: number, slug: string, title: string, price: number, extra: Partial<SubscriptionSummary> = {}): SubscriptionSummary {
  return { id, slug, title, description: null, image: null, label: null, state: 'PUBLISHED', type: 'PHYSICAL', price, full: false, ...extra };
}

export function voucher(id: number, slug: string, title: string, price: number, extra: Partial<VoucherSummary> = {}): VoucherSummary {
  return { id, slug, title, description: null, image: null, label: null, state: 'PUBLISHED', price, full: false, ...extra };
}

export function category(id: number, slug: string, title: string, extra: Partial<CategoryListItem> = {}): CategoryListItem {
  return {
    id,
    slug,
    title,
    description: null,
    image: null,
    parent: null,
    children: [],
    sort: id,
    state: 'PUBLISHED',
    full: false,
    products: [],
    subscriptions: [],
    vouchers: [],
    ...extra,
  };
}

export const homeProducts: HomeProducts = {
  products: [
    product(1, 'aquarium-entry', 'Aquarium entry', 9.5, {
      description: '<p>See the <strong>sharks</strong> and the reef.</p>',
      image: '/images/aquarium-entry.svg',
      label: 'Popular',
    }),
    product(2, 'zoo-day-ticket', 'Zoo day ticket', 24),
    product(3, 'zoo-guidebook', 'Zoo guidebook', 12.95),
    product(4, 'behind-the-scenes', 'Behind the scenes', 35),
    product(5, 'school-group-visit', 'School group visit', 7),
    product(6, 'penguin-feeding', 'Penguin feeding', 4),
  ],
  subscriptions: [
    subscription(10, 'family-membership', 'Family membership', 45),
    subscription(11, 'online-aquarium-pass', 'Online aquarium pass', 60, { type: 'ONLINE' }),
  ],
  vouchers: [voucher(20, 'gift-voucher', 'Gift voucher', 25)],
};

export const categories: CategoryListItem[] = [
  category(100, 'day-tickets', 'Day tickets', { children: [101], products: [1, 2], sort: 1 }),
  category(101, 'guided-tours', 'Guided tours', { parent: 100, products: [4, 5, 6], sort: 1 }),
  category(102, 'memberships-and-gifts', 'Memberships and gifts', { subscriptions: [10, 11], vouchers: [20], sort: 2 }),
  category(103, 'winter-lights', 'Winter lights', { state: 'DRAFT', sort: 3 }),
];

export const faq: Faq = {
  faq_enabled: true,
  questions: [
    { id: 1, question: 'When are you open?', answer: '<p>Every day from <strong>10:00</strong> to 17:00.</p>' },
    { id: 2, question: 'Can I bring my dog?', answer: '<p>Only assistance dogs are welcome.</p>' },
    { id: 3, question: 'Is there parking?', answer: '<p>Yes, next to the main entrance.</p>' },
  ],
  phone_number: '+31 20 123 4567',
  email: 'hello@tidewater.example',
  whatsapp_url: 'https://wa.me/31201234567',
  opening_hours_url: 'https://tidewater.example/opening-hours',
  rebooking_allowed: true,
  rebooking_secret: 'tidewater-rebook',
};

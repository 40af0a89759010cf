/**
 * Products, plots and an msw API for the product order flow tests (after the demo shop,
 * docs/demo-shop.md; ids are local to the tests). `serveOrderApi` records every request it answers.
 */
import { formatInTimeZone } from 'date-fns-tz';
import { http, HttpResponse } from 'msw';
import type { Audience, Plot, Product, Upsell } from '#domain/contracts/catalogue.ts';
import type { OrderRequest, OrderResult } from '#domain/contracts/orders.ts';
import { server } from '../msw-server.ts';

export function audience(id: number, name: string, price: number, extra: Partial<Audience> = {}): Audience {
  return {
    id,
    name,
    description: null,
    price,
    min_quantity: 0,
    max_quantity: 20,
    fixed_quantity: false,
    group: null,
    dependant: false,
    hidden: false,
    ...extra,
  };
}

export function productOf(id: number, slug: string, title: string, extra: Partial<Product> = {}): Product {
  return {
    id,
    slug,
    title,
    description: null,
    image: null,
    label: null,
    state: 'PUBLISHED',
    visible: true,
    price: 10,
    full: true,
    types: { price: 'FIXED', capacity: 'NONE' },
    options: { days: false, timeslots: false, audiences: false },
    settings: { show_end_time: true, show_availability: true },
    min_quantity: 1,
    max_quantity: 5,
    allow_reservations: false,
    availability: 999,
    audiences: [],
    upsells: [],
    cross_sells: [],
    plots: [],
    ...extra,
  };
}

export const guidebook = productOf(3, 'zoo-guidebook', 'Zoo guidebook', { price: 12.95, max_quantity: 5 });

export const aquarium = productOf(1, 'aquarium-entry', 'Aquarium entry', {
  types: { price: 'AUDIENCE', capacity: 'LIMITED' },
  options: { days: true, timeslots: true, audiences: true },
  min_quantity: 1,
  max_quantity: 20,
  availability: 40,
  audiences: [audience(11, 'Adult', 18.5), audience(12, 'Child (4-12)', 9.5, { dependant: true })],
});

export const schoolVisit = productOf(5, 'school-group-visit', 'School group visit', {
  types: { price: 'AUDIENCE', capacity: 'LIMITED' },
  options: { days: false, timeslots: false, audiences: true },
  min_quantity: 10,
  max_quantity: 60,
  allow_reservations: true,
  audiences: [
    audience(21, 'Pupil', 7, { max_quantity: 40 }),
    audience(22, 'Teacher', 0, { fixed_quantity: true, min_quantity: 1, max_quantity: 1 }),
    audience(23, 'Staff', 0, { hidden: true }),
  ],
});

export const donation: Upsell = {
  id: 31,
  title: 'Support our sea turtles',
  description: null,
  image: null,
  price: 0,
  max_quantity: 1,
  upsell_type: 'DONATION',
  donation_step: 5,
};

export const audioGuide: Upsell = {
  id: 32,
  title: 'Audio guide',
  description: null,
  image: null,
  price: 4,
  max_quantity: 999,
  upsell_type: 'STANDARD',
  donation_step: null,
};

/** Today in the shop's timezone, and a day `offset` days from it. */
export function shopDay(offset = 0): string {
  return formatInTimeZone(new Date(Date.now() + offset * 86_400_000), 'Europe/Amsterdam', 'yyyy-MM-dd');
}

export function plot(id: number, date: string, start: string | null, extra: Partial<Plot> = {}): Plot {
  return {
    id,
    date,
    time: { start, end: start ? `${String(Number(start.slice(0, 2)) + 1).padStart(2, '0')}:00` : null },
    capacity: 40,
    availability: { amount: 30, percentage: 75 },
    selectable: true,
    price: 18.5,
    lowestTotalPrice: 18.5,
    maxOrdersReached: false,
    audiencePrices: [],
    ...extra,
  };
}

export const prices = (total: number) => ({ product: total, upsell: 0, subtotal: total, discount: 0, additions: 0, total });

export interface OrderApi {
  products: Product[];
  plots?: Plot[];
  upsells?: Record<number, Upsell[]>;
  /** What a real submit answers; default: a paid order redirecting to the test gateway. */
  submit?: (body: OrderRequest) => Response;
}

export interface Recorded {
  simulations: OrderRequest[];
  submits: OrderRequest[];
  /** The Idempotency-Key header of each submit (null: none). */
  submitKeys: (string | null)[];
  plotQueries: URLSearchParams[];
  coupons: unknown[];
}

export function serveOrderApi(api: OrderApi): Recorded {
  const recorded: Recorded = { simulations: [], submits: [], submitKeys: [], plotQueries: [], coupons: [] };
  server.use(
    // The coupon form names a signed-in client's customer groups: none here.
    http.get('*/api/groups/:clientId', () => HttpResponse.json([])),
    http.get('*/api/products/:id/plots', ({ request }) => {
      recorded.plotQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(api.plots ?? []);
    }),
    http.get('*/api/products/:id/upsells', ({ params }) => HttpResponse.json(api.upsells?.[Number(params.id)] ?? [])),
    http.get('*/api/products/:id', ({ params }) => {
      const found = api.products.find((product) => product.id === Number(params.id));
      return found ? HttpResponse.json(found) : HttpResponse.json({ ok: false, error: 'NOT_FOUND', message: 'gone' }, { status: 404 });
    }),
    http.post('*/api/orders', async ({ request }) => {
      const body = (await request.json()) as OrderRequest;
      if (body.simulate) {
        recorded.simulations.push(body);
        const orders: OrderResult[] = body.orders.map((order) => ({ order: null, payment: null, prices: prices(10 * order.product.quantity), invoice: false }));
        return HttpResponse.json({ ok: true, response: { orders } });
      }
      recorded.submits.push(body);
      recorded.submitKeys.push(request.headers.get('idempotency-key'));
      if (api.submit) return api.submit(body);
      return HttpResponse.json({
        ok: true,
        response: {
          orders: [
            {
              order: { status: 'PENDING', hash: 'abc123' },
              payment: { type: 'REDIRECT', gateway: 'test', hash: 'abc123', transaction: { response: { url: 'https://pay.example/abc123' } } },
              prices: prices(10),
              invoice: false,
            },
          ],
        },
      });
    }),
  );
  return recorded;
}

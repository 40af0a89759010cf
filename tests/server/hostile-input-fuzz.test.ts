/**
 * Generated hostile requests against every route of the API (read from its own OpenAPI document,
 * so a new route is fuzzed without touching this file): path parameters, queries and JSON bodies
 * shaped like each route's schema but carrying NUL bytes, lone surrogates, bad percent-encodings,
 * over-long and over-deep values, wrong types and extra keys. Whatever arrives, the answer is never
 * a 5xx, and every refusal is the shop's `{ ok: false, error: CODE }` with a known code.
 *
 * FUZZ_RUNS (per route, default 200) turns it up for a longer hunt.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#domain/error-codes.ts';
import { inArray } from 'drizzle-orm';
import { productAudiences, products } from '../../server/db/schema/index.ts';
import { SERVED_STATES } from '../../server/modules/catalogue/served-states.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

const RUNS = Number(process.env.FUZZ_RUNS) || 200;

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Operation = { parameters?: { name: string; in: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };

const LONE_HIGH = String.fromCharCode(0xd800);
const LONE_LOW = String.fromCharCode(0xdfff);
const NASTY = [
  '\u0000',
  `a\u0000b`,
  LONE_HIGH,
  `x${LONE_LOW}y`,
  `${LONE_LOW}${LONE_HIGH}`,
  '',
  ' ',
  '%00',
  '%',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<img src=x onerror=alert(1)>',
  '\u202Eevil',
  '😀'.repeat(50),
  'x'.repeat(5000),
  '-1',
  '0',
  '1e999',
  '9999999999999999999999',
  'NaN',
  '__proto__',
  'constructor',
];

const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((text) => `${text}\u0000`),
  fc.string({ maxLength: 20 }).map((text) => `${text}${LONE_HIGH}`),
  fc.string({ maxLength: 20 }),
);

/** Nested arrays or objects, sometimes far deeper than any contract allows. */
const deepValue: fc.Arbitrary<unknown> = fc.integer({ min: 1, max: 3000 }).map((levels) => {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level++) value = level % 2 ? [value] : { deeper: value };
  return value;
});

const junk: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 31, -(2 ** 53), 1e308, []),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  deepValue,
);

function fromSchema(schema: Schema | undefined, components: Record<string, Schema>, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return junk;
  if (schema.$ref) return fromSchema(components[schema.$ref.split('/').pop()!], components, depth + 1);
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants) return fc.oneof(...variants.map((variant) => fromSchema(variant, components, depth + 1)));
  const shaped = shapedBy(schema, components, depth);
  // Mostly the shape the route expects (so the request reaches the code behind validation), sometimes junk.
  return fc.oneof({ arbitrary: shaped, weight: 5 }, { arbitrary: junk, weight: 1 });
}

function shapedBy(schema: Schema, components: Record<string, Schema>, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, fromSchema(value, components, depth + 1)]));
      return fc
        .tuple(fc.record(properties, { requiredKeys: schema.required ?? [] }), fc.dictionary(hostileString, junk, { maxKeys: 1 }))
        .map(([known, extra]) => ({ ...extra, ...known }));
    }
    case 'array':
      return fc.array(fromSchema(schema.items, components, depth + 1), { maxLength: 4 });
    case 'integer':
      return fc.oneof(fc.integer({ min: -2, max: 30 }), fc.constantFrom(2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER));
    case 'number':
      return fc.oneof(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 500 }));
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.oneof(hostileString, fc.emailAddress(), fc.constantFrom('2026-11-24', '10:00', 'DEMO10', 'GIFT-40'));
    default:
      return junk;
  }
}

/** A path segment: percent-encoded when it can be, else raw bytes that are no valid UTF-8. */
const pathSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((text) => {
    try {
      return encodeURIComponent(text);
    } catch {
      return '%ED%A0%80';
    }
  }),
  fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%80', '%ED%A0%80', '1', '999999', 'a'.repeat(500)),
);

interface Verdicts {
  requests: number;
  byStatus: Map<number, number>;
}

function expectCodedAnswer(status: number, body: string, what: string) {
  expect(status, `${what} answered ${status}: ${body.slice(0, 300)}`).toBeLessThan(500);
  if (status < 400) return;
  const parsed = JSON.parse(body) as { ok?: unknown; error?: unknown };
  expect(parsed.ok, what).toBe(false);
  expect(ERROR_CODES as readonly unknown[], `${what}: ${body.slice(0, 200)}`).toContain(parsed.error);
}

describe('hostile requests to every route', () => {
  let shop: TestShop;
  let paths: [string, Record<string, Operation>][];
  let components: Record<string, Schema>;
  const verdicts: Verdicts = { requests: 0, byStatus: new Map() };

  beforeAll(async () => {
    shop = await createTestShop({ now: '2026-11-20T10:00:00Z' });
    const document = (await shop.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, Schema> };
    }>();
    // The test gateway's two browser targets answer only 303 and are left out of the document: fuzzed all the same.
    const pathParameter = (name: string) => ({ name, in: 'path' });
    paths = [
      ...Object.entries(document.paths),
      ['/api/test-gateway/{hash}/start', { post: { parameters: [pathParameter('hash')] } }],
      ['/api/test-gateway/{hash}/{action}', { post: { parameters: [pathParameter('hash'), pathParameter('action')] } }],
    ];
    components = document.components?.schemas ?? {};
  });
  afterAll(async () => {
    const statuses = [...verdicts.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    console.info(`hostile-input fuzz: ${verdicts.requests} requests over ${paths.length} paths; ${statuses.join(', ')}`);
    await shop?.close();
  });

  async function send(method: string, url: string, payload: string | undefined, what: string) {
    const response = await shop.app.inject({
      method: method.toUpperCase() as 'GET',
      url,
      ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
    });
    verdicts.requests++;
    verdicts.byStatus.set(response.statusCode, (verdicts.byStatus.get(response.statusCode) ?? 0) + 1);
    expectCodedAnswer(response.statusCode, response.body, what);
  }

  it('the document lists the routes to fuzz', () => {
    expect(paths.length).toBeGreaterThan(20);
  });

  it('answers no 5xx and a code on every refusal, route by route', async () => {
    for (const [path, operations] of paths) {
      for (const [method, operation] of Object.entries(operations)) {
        const pathNames = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
        const queryNames = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
        const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
        const request = fc.record({
          segments: fc.array(pathSegment, { minLength: pathNames.length, maxLength: pathNames.length }),
          query: fc.array(fc.tuple(fc.constantFrom(...queryNames, 'x'), pathSegment), { maxLength: 3 }),
          body: bodySchema ? fromSchema(bodySchema, components).map((value) => JSON.stringify(value) ?? 'null') : fc.constant(undefined),
        });
        await fc.assert(
          fc.asyncProperty(request, async ({ segments, query, body }) => {
            let url = path;
            pathNames.forEach((name, index) => (url = url.replace(`{${name}}`, segments[index]!)));
            if (query.length) url += `?${query.map(([name, value]) => `${encodeURIComponent(name)}=${value}`).join('&')}`;
            await send(method, url, body, `${method.toUpperCase()} ${url.slice(0, 120)}`);
          }),
          { numRuns: RUNS },
        );
      }
    }
  }, 600_000);

  it("lists a product's plots for any quantities up to its maximum and refuses more with QUANTITY_INVALID", async () => {
    const served = await shop.db
      .select({ id: products.id, max: products.maxQuantity })
      .from(products)
      .where(inArray(products.state, [...SERVED_STATES]));
    const offers = await shop.db
      .select({ product: productAudiences.productId, id: productAudiences.audienceId, max: productAudiences.maxQuantity })
      .from(productAudiences);
    // Mostly within the demo products' limits (5 to 60), sometimes just past them, sometimes far.
    const quantity = fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 12 }), weight: 4 },
      { arbitrary: fc.constantFrom(6, 9, 11, 21, 41, 61), weight: 1 },
      { arbitrary: fc.integer({ min: 0, max: 100_000 }), weight: 1 },
    );
    let address = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...served),
        fc.boolean(),
        fc.array(quantity, { minLength: 1, maxLength: 3 }),
        async (product, byAudience, quantities) => {
          const audiences = offers.filter((offer) => offer.product === product.id);
          const params = new URLSearchParams();
          let beyond: boolean;
          if (byAudience && audiences.length > 0) {
            const lines = audiences.slice(0, quantities.length).map((offer, index) => ({ offer, quantity: quantities[index]! }));
            lines.forEach(({ offer, quantity: asked }, index) => {
              params.set(`order[audiences][${index}][id]`, String(offer.id));
              params.set(`order[audiences][${index}][quantity]`, String(asked));
            });
            const total = lines.reduce((sum, line) => sum + line.quantity, 0);
            beyond = total > product.max || lines.some((line) => line.quantity > line.offer.max);
          } else {
            params.set('order[quantity]', String(quantities[0]));
            beyond = quantities[0]! > product.max;
          }
          address += 1;
          const url = `/api/products/${product.id}/plots?${params.toString()}`;
          // One address per request: the simulation limit is not what this property is about.
          const response = await shop.app.inject({ url, remoteAddress: `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}` });
          verdicts.requests++;
          verdicts.byStatus.set(response.statusCode, (verdicts.byStatus.get(response.statusCode) ?? 0) + 1);
          expectCodedAnswer(response.statusCode, response.body, `GET ${url}`);
          if (beyond) expect(response.json(), url).toMatchObject({ ok: false, error: 'QUANTITY_INVALID' });
          else expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);

  it('refuses JSON nested 10,000 levels deep, and NUL or lone surrogates anywhere, with a code', async () => {
    let deep = '1';
    for (let level = 0; level < 10_000; level++) deep = `[${deep}]`;
    const deepOrder = await shop.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: `{"enrichment":${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(deepOrder.statusCode).toBe(400);
    expect(deepOrder.json()).toMatchObject({ ok: false, error: 'JSON_TOO_DEEP' });

    for (const url of ['/api/reservation/%00', '/api/orders/%00', '/api/payment/%00', '/api/test-gateway/%00', '/api/products/1?language=%00']) {
      const answer = await shop.app.inject({ url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toMatchObject({ ok: false, error: 'INVALID_CHARACTERS' });
    }
    const loneSurrogate = await shop.app.inject({
      method: 'POST',
      url: '/api/client/login',
      payload: `{"email":"a\\ud800@example.com","password":"x"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(loneSurrogate.json()).toMatchObject({ ok: false, error: 'INVALID_CHARACTERS' });
  });

  it("answers the router's refusals in the shop's shape", async () => {
    const badEncoding = await shop.app.inject({ url: '/api/reservation/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toMatchObject({ ok: false, error: 'BAD_REQUEST' });
    // Over the router's maxParamLength (2,000: a gift card code of any typed length is still looked up).
    const longParameter = await shop.app.inject({ url: `/api/reservation/${'a'.repeat(2100)}` });
    expect(longParameter.statusCode).toBe(414);
    expect(longParameter.json()).toMatchObject({ ok: false, error: 'URI_TOO_LONG' });
  });
});

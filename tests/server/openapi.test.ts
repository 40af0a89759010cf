/**
 * GET /api/openapi.json: generated from the routes' own zod schemas. Every call of spec section 7
 * that the server implements is in it with its request and success answer; the ones it does not
 * implement are not (so this list is updated when one is added).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

type Operation = {
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Record<string, unknown>> };
};

/** Spec section 7, in OpenAPI path form; `implemented: false` are calls the server does not answer yet. */
const SECTION_7: { method: string; path: string; implemented: boolean; payload?: 'body' | 'query' }[] = [
  { method: 'get', path: '/api/categories', implemented: true },
  { method: 'get', path: '/api/categories/{id}', implemented: true },
  { method: 'get', path: '/api/home/products', implemented: true },
  { method: 'get', path: '/api/products/{id}', implemented: true },
  { method: 'get', path: '/api/products/{id}/upsells', implemented: true },
  { method: 'get', path: '/api/products/{id}/plots', implemented: true, payload: 'query' },
  { method: 'get', path: '/api/subscriptions/{id}', implemented: true },
  { method: 'get', path: '/api/subscriptions/{id}/upsells', implemented: true },
  { method: 'get', path: '/api/vouchers/{id}', implemented: true },
  { method: 'get', path: '/api/faq', implemented: true },
  { method: 'get', path: '/api/client', implemented: true },
  { method: 'post', path: '/api/client', implemented: true, payload: 'body' },
  { method: 'get', path: '/api/reservation/{hash}', implemented: true },
  { method: 'patch', path: '/api/reservation/{hash}', implemented: true, payload: 'body' },
  { method: 'get', path: '/api/payment/{hash}', implemented: true },
  { method: 'get', path: '/api/groups/{clientId}', implemented: true },
  { method: 'post', path: '/api/faq/mail', implemented: true, payload: 'body' },
  { method: 'get', path: '/api/rebook/secret/{secret}/{orderId}', implemented: true },
  { method: 'post', path: '/api/rebook/validate', implemented: true, payload: 'body' },
  { method: 'get', path: '/api/client/subscription/{hash}', implemented: true },
  { method: 'post', path: '/api/coupon', implemented: true, payload: 'body' },
  { method: 'get', path: '/api/voucher/check/{code}', implemented: true },
  { method: 'post', path: '/api/orders', implemented: true, payload: 'body' },
  { method: 'post', path: '/api/subscriptions', implemented: true, payload: 'body' },
  { method: 'post', path: '/api/vouchers', implemented: true, payload: 'body' },
  // Beyond section 7: the reservation page's change (and its simulation) and cancel, the paid order page and the gate's check-in.
  { method: 'post', path: '/api/reservation/{hash}/change', implemented: true, payload: 'body' },
  { method: 'post', path: '/api/reservation/{hash}/change/simulate', implemented: true, payload: 'body' },
  { method: 'post', path: '/api/reservation/{hash}/cancel', implemented: true },
  { method: 'delete', path: '/api/reservation/{hash}/coupons/{code}', implemented: true },
  { method: 'get', path: '/api/orders/{hash}/details', implemented: true },
  { method: 'post', path: '/api/tickets/verify', implemented: true, payload: 'body' },
];

let shop: TestShop;
let raw: string;
let document: OpenApiDocument;

beforeAll(async () => {
  shop = await createTestShop({ seedDemo: false });
  const response = await shop.app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  raw = response.body;
  document = JSON.parse(raw) as OpenApiDocument;
});

afterAll(async () => {
  await shop?.close();
});

/** A schema, or the component its `$ref` points at. */
function resolved(schema: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return document.components.schemas[ref.replace('#/components/schemas/', '')];
}

const successOf = (operation: Operation) => Object.entries(operation.responses).find(([status]) => /^2\d\d$/.test(status));
const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3 document', () => {
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toBeTruthy();
    expect(Object.keys(document.paths).length).toBeGreaterThan(10);
  });

  it('points every $ref at a component it holds', () => {
    const refs = [...raw.matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(document.components.schemas[ref.replace('#/components/schemas/', '')], ref).toBeDefined();
    }
    expect(resolved({ $ref: '#/components/schemas/Product' })).toMatchObject({ type: 'object', additionalProperties: false });
  });

  it('answers the same document every time', async () => {
    const again = await shop.app.inject({ url: '/api/openapi.json' });
    expect(again.body).toBe(raw);
  });

  describe.each(SECTION_7.filter((call) => call.implemented))('$method $path', (call) => {
    it('is in the document with its parameters, request and success answer', () => {
      const operation = document.paths[call.path]?.[call.method];
      expect(operation, `${call.method.toUpperCase()} ${call.path} is missing`).toBeDefined();
      const { parameters = [], requestBody, responses } = operation!;

      for (const name of pathParams(call.path)) {
        expect(parameters).toContainEqual(expect.objectContaining({ name, in: 'path', required: true }));
      }
      if (call.payload === 'body') {
        const schema = requestBody?.content['application/json']?.schema ?? {};
        // An object, or a choice of objects (POST /api/coupon: PRODUCT or SUBSCRIPTION).
        expect(schema.type === 'object' || Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)).toBe(true);
      } else {
        expect(requestBody).toBeUndefined();
      }

      const success = successOf(operation!);
      expect(success, 'a 2xx answer').toBeDefined();
      expect(Object.keys(resolved(success![1].content?.['application/json']?.schema) ?? {})).not.toHaveLength(0);
      // Refusals are documented with the error body's shape.
      expect(resolved(responses['4XX']?.content?.['application/json']?.schema)).toMatchObject({
        type: 'object',
        required: expect.arrayContaining(['ok', 'error', 'message']),
      });
    });
  });

  it.each(SECTION_7.filter((call) => !call.implemented))('$method $path is not served yet, so not documented', (call) => {
    expect(document.paths[call.path]?.[call.method]).toBeUndefined();
  });

  it('documents every /api route with a success answer and the refusal body', () => {
    const undocumented: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      expect(path.startsWith('/api/')).toBe(true);
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses);
        if (!statuses.some((status) => /^[23]\d\d$/.test(status)) || !statuses.includes('4XX')) undocumented.push(`${method} ${path}`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('describes the plot query parameters of section 7', () => {
    const parameters = document.paths['/api/products/{id}/plots']!.get!.parameters ?? [];
    const query = parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
    expect(query).toEqual(
      expect.arrayContaining([
        'rebookPlot',
        'order[quantity]',
        'order[audiences][0][id]',
        'order[audiences][0][quantity]',
        'filterFrom',
        'filterUntil',
        'orderingCol',
        'orderingDir',
      ]),
    );
    expect(parameters.find((parameter) => parameter.name === 'filterFrom')?.schema).toMatchObject({ type: 'string', format: 'date' });
  });

  it('writes the order request from the same schema that validates it', () => {
    const body = document.paths['/api/orders']!.post!.requestBody!.content['application/json']!.schema as {
      required: string[];
      properties: Record<string, { enum?: string[] }>;
    };
    expect(body.required).toEqual(expect.arrayContaining(['customer', 'orders']));
    expect(body.properties.action?.enum).toEqual(['pay', 'reserve']);
    const answer = document.paths['/api/orders']!.post!.responses['200']!.content!['application/json']!.schema as { properties: Record<string, unknown> };
    expect(Object.keys(answer.properties)).toEqual(['ok', 'response']);
  });
});

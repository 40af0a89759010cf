/**
 * GET /api/openapi.json, as the app serves it, passes Redocly's `recommended` OpenAPI rules with no
 * error and no warning, for each payment gateway (a gateway's own routes are in the document only
 * while it is the configured one). A shop that generates a client from the document gets one named
 * function per call (unique operationIds) and knows which calls need a session or the check-in token.
 */
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { Clock } from '../../server/clock.ts';
import type { PaymentGatewayId } from '../../server/config.ts';
import { createTestShop, type TestShop } from './helpers/test-app.ts';

type Operation = { operationId?: string; summary?: string; tags?: string[]; security?: Record<string, string[]>[]; requestBody?: unknown };
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, Record<string, unknown>> };
  tags?: { name: string }[];
};

/** Each gateway, with a path only its document holds. */
const GATEWAY_PATHS: Record<PaymentGatewayId, string> = {
  test: '/api/test-gateway/{hash}',
  stripe: '/api/payments/stripe/webhook',
  paypal: '/api/payments/paypal/webhook',
};
const GATEWAYS = Object.keys(GATEWAY_PATHS) as PaymentGatewayId[];

// One migrated database; the app is built once per gateway on it (a gateway's routes exist only while it is configured).
let shop: TestShop;
const served = new Map<PaymentGatewayId, string>();

beforeAll(async () => {
  shop = await createTestShop({ seedDemo: false });
  for (const paymentGateway of GATEWAYS) {
    const app =
      paymentGateway === shop.config.paymentGateway
        ? shop.app
        : await buildApp({ db: shop.db, config: { ...shop.config, paymentGateway }, clock: shop.clock as Clock });
    try {
      const response = await app.inject({ url: '/api/openapi.json' });
      expect(response.statusCode).toBe(200);
      served.set(paymentGateway, response.body);
    } finally {
      if (app !== shop.app) await app.close();
    }
  }
});

afterAll(async () => {
  await shop?.close();
});

/** One line per problem: severity, rule, where (JSON pointer) and what. */
function describeProblem(problem: NormalizedProblem): string {
  const where = problem.location.map((location) => location.pointer).join(', ');
  return `${problem.severity} ${problem.ruleId} ${where}: ${problem.message}`;
}

const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, operations]) => Object.entries(operations).map(([method, operation]) => ({ method, path, operation })));

describe.each(GATEWAYS)('GET /api/openapi.json with the %s gateway', (paymentGateway) => {
  it('passes the recommended OpenAPI rules with no error and no warning', async () => {
    const source = served.get(paymentGateway)!;
    // The config as its YAML text: an object literal would be checked against Redocly's config type, which costs
    // the type checker half a minute.
    const config = await createConfig('extends:\n  - recommended\n');
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    expect(problems.map(describeProblem)).toEqual([]);

    const document = JSON.parse(source) as OpenApiDocument;
    expect(Object.keys(document.paths)).toContain(GATEWAY_PATHS[paymentGateway]);
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(40);

    // Unique and usable as a function name in any generated client.
    const ids = operations.map(({ operation }) => operation.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);

    // Every operation is tagged with a declared tag and says whether it needs a credential.
    const declaredTags = new Set((document.tags ?? []).map((tag) => tag.name));
    for (const { method, path, operation } of operations) {
      expect(operation.tags, `${method} ${path}`).toHaveLength(1);
      expect(declaredTags.has(operation.tags![0]!), `${method} ${path} tag ${operation.tags![0]}`).toBe(true);
      expect(operation.security, `${method} ${path}`).toBeDefined();
    }
  });
});

describe('the credentials in GET /api/openapi.json', () => {
  it('declares the session cookies and the check-in token, and names the calls that read them', async () => {
    const document = JSON.parse(served.get('test')!) as OpenApiDocument;
    expect(document.components.securitySchemes).toEqual({
      session: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'shop_session' }),
      staffSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'bo_session' }),
      checkinToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
    const operation = (method: string, path: string) => document.paths[path]![method]!;
    // The back office needs a staff session (tests/server/backoffice-security.test.ts walks every role).
    expect(operation('get', '/api/backoffice/me').security).toEqual([{ staffSession: [] }]);
    // The check-in needs the operators' token.
    expect(operation('post', '/api/tickets/verify').security).toEqual([{ checkinToken: [] }]);
    // The account answers with or without a session (anonymous: no client).
    expect(operation('get', '/api/client').security).toEqual([{}, { session: [] }]);
    // The catalogue is public.
    expect(operation('get', '/api/categories').security).toEqual([]);
  });

  it('is true of the calls that need a session: without one they answer 401 LOGIN_REQUIRED', async () => {
    const document = JSON.parse(served.get('test')!) as OpenApiDocument;
    const sessionOnly = operationsOf(document).filter(({ operation }) => JSON.stringify(operation.security) === JSON.stringify([{ session: [] }]));
    // Those without a body can be called as they are (a body would be checked before the session).
    const callable = sessionOnly.filter(({ operation }) => operation.requestBody === undefined);
    expect(callable.map(({ operation }) => operation.operationId).sort()).toEqual([
      'exportAccount',
      'getAccount',
      'getSubscriptionRenewal',
      'listClientGroups',
      'logOutEverywhere',
    ]);
    for (const { method, path } of callable) {
      const response = await shop.app.inject({ method: method.toUpperCase() as 'GET', url: path.replace(/\{\w+\}/g, '1') });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(response.json(), `${method} ${path}`).toMatchObject({ ok: false, error: 'LOGIN_REQUIRED' });
    }
  });
});

/**
 * The OpenAPI 3.1 document of the API, built from the zod schemas the routes declare (the same
 * ones that validate requests and check answers), so the document cannot drift from the code.
 * OpenAPI 3.1 speaks JSON Schema 2020-12, which is what `z.toJSONSchema` writes.
 */
import { z, type ZodType } from 'zod';
import { isZod } from '../plugins/zod-type-provider.ts';

/** What the document needs of a registered route (a subset of Fastify's route options). */
export interface DocumentedRoute {
  method: string;
  url: string;
  /** Back-office routes: the staff roles that may call it (route config `staffRoles`), as `x-staff-roles`. */
  staffRoles?: readonly string[];
  schema?: {
    operationId?: string;
    summary?: string;
    tags?: string[];
    security?: Record<string, string[]>[];
    hide?: boolean;
    params?: unknown;
    querystring?: unknown;
    body?: unknown;
    response?: Record<string, unknown>;
  };
}

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[]; description?: string };

/** A response without a body (a redirect): documented by its description only. */
export function bodilessResponse(description: string): ZodType<never> {
  return z.never().describe(description);
}

/** A response that is an HTML page, not JSON. */
export function htmlResponse(description: string): ZodType<string> {
  return z.string().meta({ description, contentMediaType: 'text/html' });
}

/**
 * Zod → JSON Schema for one document. Schemas given an `id` in their metadata (the shared answers:
 * Product, Plot, ApiErrorBody, ...) become `components.schemas` entries referenced by `$ref`, once.
 */
function schemaWriter() {
  const components: Record<string, JsonSchema> = {};
  const toComponents = (value: JsonSchema): JsonSchema => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;

  function write(schema: unknown, io: 'input' | 'output'): JsonSchema {
    if (!isZod(schema)) throw new Error('Route schemas are zod schemas');
    // Requests are documented as they may be sent (defaults optional), answers as they are sent.
    const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = converted as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [id, definition] of Object.entries($defs ?? {})) components[id] ??= toComponents(definition);
    const id = (z.globalRegistry.get(schema) as { id?: string } | undefined)?.id;
    if (id === undefined) return toComponents(rest);
    components[id] ??= toComponents(rest);
    return { $ref: `#/components/schemas/${id}` };
  }

  return { write, components };
}

type SchemaWriter = ReturnType<typeof schemaWriter>;

/** `/api/products/:id/plots` → `/api/products/{id}/plots`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(writer: SchemaWriter, schema: unknown, where: 'path' | 'query'): Record<string, unknown>[] {
  const object = writer.write(schema, 'input');
  const required = new Set(object.required ?? []);
  return Object.entries(object.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const STATUS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '303': 'See Other',
  '4XX': 'Refused: `{ ok: false, error, message }` with a stable upper-case code',
  '5XX': 'Failed on our side, or a provider or the database is unavailable',
};

function response(writer: SchemaWriter, status: string, schema: unknown): Record<string, unknown> {
  const { description, ...body } = writer.write(schema, 'output');
  const text = description ?? STATUS_TEXT[status] ?? 'Answer';
  if (body.not !== undefined && Object.keys(body).length === 1) return { description: text };
  if (typeof body.contentMediaType === 'string') {
    return { description: text, content: { [body.contentMediaType]: { schema: { type: 'string' } } } };
  }
  return { description: text, content: { 'application/json': { schema: body } } };
}

function operation(writer: SchemaWriter, route: DocumentedRoute, common: Record<string, unknown>[]): Record<string, unknown> {
  const schema = route.schema ?? {};
  const operation: Record<string, unknown> = {};
  if (schema.operationId) operation.operationId = schema.operationId;
  if (schema.summary) operation.summary = schema.summary;
  if (schema.tags) operation.tags = schema.tags;
  if (schema.security) operation.security = schema.security;
  if (route.staffRoles) operation['x-staff-roles'] = [...route.staffRoles];
  const own = [
    ...(schema.params ? parameters(writer, schema.params, 'path') : []),
    ...(schema.querystring ? parameters(writer, schema.querystring, 'query') : []),
  ];
  // A route that declares a common parameter itself (to accept it in a strict query) describes it its own way.
  const parameterList = [...own, ...common.filter((parameter) => !own.some((each) => each.name === parameter.name && each.in === parameter.in))];
  if (parameterList.length > 0) operation.parameters = parameterList;
  if (schema.body) {
    operation.requestBody = { required: true, content: { 'application/json': { schema: writer.write(schema.body, 'input') } } };
  }
  const responses: Record<string, unknown> = {};
  for (const [status, responseSchema] of Object.entries(schema.response ?? {})) {
    const key = status.toUpperCase();
    responses[key] = response(writer, key, responseSchema);
  }
  operation.responses = Object.keys(responses).length > 0 ? responses : { default: { description: 'Answer' } };
  return operation;
}

export interface DocumentOptions {
  info: { title: string; version: string; description?: string; license?: { name: string; identifier?: string; url?: string } };
  servers?: { url: string; description?: string }[];
  /** Tag name → description, in the order the document lists them. */
  tags?: Record<string, string>;
  securitySchemes?: Record<string, Record<string, unknown>>;
  /** Parameters every route reads (through a plugin rather than its own schema). */
  commonParameters?: Record<string, unknown>[];
}

/**
 * Each route's operation as its schema describes it (`operationId`, `summary`, `tags` and `security`
 * included); routes whose schema says `hide` are left out.
 */
export function buildOpenApiDocument(
  routes: DocumentedRoute[],
  { info, servers = [], tags = {}, securitySchemes = {}, commonParameters = [] }: DocumentOptions,
) {
  const writer = schemaWriter();
  const paths: Record<string, Record<string, unknown>> = {};
  const sorted = routes.filter((route) => !route.schema?.hide).sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = openApiPath(route.url);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operation(writer, route, commonParameters);
  }
  const schemas = Object.fromEntries(Object.entries(writer.components).sort(([a], [b]) => a.localeCompare(b)));
  return {
    openapi: '3.1.0',
    info,
    servers,
    tags: Object.entries(tags).map(([name, description]) => ({ name, description })),
    paths,
    components: { schemas, securitySchemes },
  };
}

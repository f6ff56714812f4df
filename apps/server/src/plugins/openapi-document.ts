import { isDeepStrictEqual } from 'node:util';
import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from '@fastify/type-provider-zod';
import type { FastifySchema, RouteOptions } from 'fastify';
import {
  type ApiOperation,
  type ErrorStatus,
  MATRIX_CALLERS,
  OPERATION_ID,
  type SuccessStatus,
  errorStatuses,
  expectedStatus,
  securityOf,
} from '../routes/api/operation';

/**
 * The route table behind the OpenAPI document and the authorization matrix: every /api route with
 * its `config.operation` (routes/api/operation.ts). Routes are checked as they are added, so an app
 * with an undeclared or half-declared route does not start.
 */
export class ApiRouteTable {
  private readonly byKey = new Map<string, ApiOperation>();
  private readonly ids = new Set<string>();

  constructor(private readonly isRateLimitHook: (hook: unknown) => boolean) {}

  get operations(): readonly ApiOperation[] {
    return [...this.byKey.values()];
  }

  find(method: string, url: string): ApiOperation | undefined {
    return this.byKey.get(`${method} ${url}`);
  }

  /** onRoute: records an /api route, or throws when its declaration is missing or inconsistent. */
  add(route: RouteOptions): void {
    const methods = ([] as string[]).concat(route.method);
    const operation = route.config?.operation;
    const where = `${methods.join(',')} ${route.url}`;
    if (!operation) throw new Error(`${where} has no config.operation: declare its operationId, access and answers (routes/api/operation.ts)`);
    if (methods.length !== 1) throw new Error(`${where}: one method per route, so that each has its own operationId`);
    const [method] = methods as [string];
    if (method === 'HEAD') return; // Fastify's automatic HEAD twin of a GET
    if (!OPERATION_ID.test(operation.operationId)) throw new Error(`${where}: operationId ${operation.operationId} is not camelCase`);
    if (this.ids.has(operation.operationId)) throw new Error(`${where}: operationId ${operation.operationId} is taken`);
    const schema = (route.schema ?? {}) as FastifySchema & { summary?: string; response?: Record<string, unknown> };
    if (!operation.hidden && !schema.summary) throw new Error(`${where}: no summary`);
    for (const status of Object.keys(schema.response ?? {})) {
      if (/^\d{3}$/.test(status) && Number(status) < 400 && !(Number(status) in operation.answers)) {
        throw new Error(`${where}: its ${status} answer has no description in operation.answers`);
      }
    }
    for (const status of Object.keys(operation.answers).map(Number)) {
      const declared = schema.response !== undefined && String(status) in schema.response;
      if (!declared && status !== 204 && status !== 304 && !operation.files) {
        throw new Error(`${where}: answer ${status} has neither a response schema nor files`);
      }
    }
    for (const caller of MATRIX_CALLERS) expectedStatus(operation, caller); // throws when one is missing
    const hooks = ([] as unknown[]).concat(route.onRequest ?? []);
    this.ids.add(operation.operationId);
    this.byKey.set(`${method} ${route.url}`, {
      method,
      url: route.url,
      operation,
      validates: Boolean(schema.body || schema.querystring || schema.params),
      takesBody: Boolean(schema.body),
      rateLimited: hooks.some((hook) => this.isRateLimitHook(hook)),
      legacyErrorBody: route.config?.legacyErrorBody === true,
    });
  }
}

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The request is not valid: the message names the first problem',
  401: 'Not signed in, or the bearer token (or session code) is not valid any more',
  402: 'The card was declined',
  403: 'Not allowed to this caller (session-code visitors get the spec’s messages; expired links)',
  404: 'Not found, or not the caller’s: the answer does not tell which',
  409: 'Conflicts with what already exists',
  410: 'The gallery has been archived: its photos are no longer shown (the studio can restore it)',
  412: 'A protocol header is missing (tus uploads: Tus-Resumable: 1.0.0)',
  413: 'The body is too large',
  415: 'The body’s content type is not accepted',
  429: 'Too many attempts from this address: try again in a minute',
  503: 'Busy or unavailable right now: try again shortly',
};

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const NO_CONTENT: SuccessStatus[] = [204, 304];

type JsonObject = Record<string, unknown>;

/**
 * The per-route part of the document: zod schemas to JSON Schema (the type provider's transform),
 * then the route's declaration: operationId, security, described answers, files, 204/304 without
 * content, the specific failures with the Error schema. Routes outside the table (the docs UI) pass
 * through.
 */
export function createRouteTransform(table: ApiRouteTable): SwaggerTransform {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  return (input) => {
    const base = zodTransform(input as Parameters<typeof zodTransform>[0]);
    const methods = ([] as string[]).concat(input.route.method);
    const entry = table.find(methods[0] ?? '', input.route.url);
    if (!entry) return base;
    const { operation } = entry;
    if (operation.hidden) return { schema: { hide: true } as FastifySchema, url: base.url };

    const schema = { ...(base.schema as JsonObject) };
    const zodResponses = (schema.response ?? {}) as Record<string, JsonObject>;
    const revalidates = 304 in operation.answers;
    const responses: Record<string, JsonObject> = {};
    for (const [statusText, description] of Object.entries(operation.answers)) {
      const status = Number(statusText) as SuccessStatus;
      if (NO_CONTENT.includes(status)) {
        responses[statusText] = { description, type: 'null' };
        continue;
      }
      if (status === 302) {
        responses[statusText] = { description, headers: { Location: { type: 'string', format: 'uri', description: 'Where the answer is' } } };
        continue;
      }
      const content = operation.files
        ? Object.fromEntries(operation.files.map((mediaType) => [mediaType, { schema: { type: 'string', format: 'binary' } }]))
        : { 'application/json': { schema: zodResponses[statusText] } };
      responses[statusText] = {
        description,
        ...(revalidates ? { headers: { ETag: { type: 'string', description: 'Send it back in If-None-Match to get 304 while unchanged' } } } : {}),
        content,
      };
    }
    const errorSchema = schemaRef(entry.legacyErrorBody ? 'LegacyResult' : 'Error');
    for (const status of errorStatuses(entry)) {
      responses[status] = { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: errorSchema } } };
    }
    schema.response = responses;
    schema.operationId = operation.operationId;
    schema.security = securityOf(operation);
    if (revalidates) {
      schema.headers = {
        type: 'object',
        properties: { 'if-none-match': { type: 'string', description: 'The ETag of the copy the client holds' } },
      };
    }
    return { schema: schema as FastifySchema, url: base.url };
  };
}

/**
 * The whole document: the registered zod schemas become components (Photo, PhotoPage, Order, Error,
 * …), then tidied: a request-only schema keeps its plain name instead of the type provider's
 * `…Input`, an input identical to its output is merged into it (also one that differs only in the
 * output's closed objects, `additionalProperties: false`: zod strips unknown keys from a request, so
 * the input's open form describes both), a nullable reference gets the `type` OpenAPI 3.0 wants
 * beside `nullable`, and unused ones are dropped.
 */
export function createDocumentTransform(): SwaggerTransformObject {
  const withComponents = createJsonSchemaTransformObject({});
  return (documentObject) => {
    const built = withComponents(documentObject) as Document;
    let document: Document = { ...built, components: { ...built.components, schemas: { ...built.components?.schemas } } };
    for (;;) {
      const schemas = document.components?.schemas ?? {};
      const used = usedSchemas(document);
      const input = [...used].find((name) => {
        const plain = name.replace(/Input$/, '');
        return plain !== name && (!used.has(plain) || isDeepStrictEqual(withoutClosedObjects(schemas[plain]), schemas[name]));
      });
      if (!input) break;
      const plain = input.replace(/Input$/, '');
      const { [input]: moved, ...others } = schemas;
      document = renameRefs({ ...document, components: { ...document.components, schemas: { ...others, [plain]: moved } } }, input, plain) as Document;
    }
    document = typeNullableRefs(document, document.components?.schemas ?? {}) as Document;
    const used = usedSchemas(document);
    const schemas = Object.entries(document.components?.schemas ?? {})
      .filter(([name]) => used.has(name))
      .sort(([a], [b]) => a.localeCompare(b));
    return { ...document, components: { ...document.components, schemas: Object.fromEntries(schemas) } } as ReturnType<SwaggerTransformObject>;
  };
}

type Document = JsonObject & { components?: JsonObject & { schemas?: Record<string, unknown> } };

const REF_PREFIX = '#/components/schemas/';

function refsIn(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string' && inner.startsWith(REF_PREFIX)) found.add(inner.slice(REF_PREFIX.length));
      else refsIn(inner, found);
    }
  }
}

/** The component schemas the paths reach, directly or through other components. */
function usedSchemas(document: Document): Set<string> {
  const schemas = document.components?.schemas ?? {};
  const found = new Set<string>();
  refsIn({ ...document, components: { ...document.components, schemas: {} } }, found);
  const queue = [...found];
  while (queue.length > 0) {
    const inner = new Set<string>();
    refsIn(schemas[queue.pop() as string], inner);
    for (const name of inner) {
      if (!found.has(name)) {
        found.add(name);
        queue.push(name);
      }
    }
  }
  return found;
}

/** A schema with every `additionalProperties: false` left out (see createDocumentTransform). */
function withoutClosedObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClosedObjects);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, inner]) => !(key === 'additionalProperties' && inner === false))
        .map(([key, inner]) => [key, withoutClosedObjects(inner)]),
    );
  }
  return value;
}

/**
 * How the type provider wraps a reference to a registered schema, tidied for OpenAPI 3.0: a nullable
 * one, `{ nullable: true, allOf: [{ $ref }] }`, gets the referenced schema's `type` (nullable wants a
 * type beside it); a bare `{ allOf: [{ $ref }] }` (an optional field) becomes the `{ $ref }` itself.
 */
function typeNullableRefs(value: unknown, schemas: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => typeNullableRefs(item, schemas));
  if (value && typeof value === 'object') {
    const object = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, typeNullableRefs(inner, schemas)])) as JsonObject;
    const [only] = Array.isArray(object.allOf) && object.allOf.length === 1 ? (object.allOf as JsonObject[]) : [];
    if (typeof only?.$ref !== 'string') return object;
    if (Object.keys(object).length === 1) return only;
    const target = schemas[only.$ref.slice(REF_PREFIX.length)] as JsonObject | undefined;
    if (object.nullable === true && object.type === undefined && typeof target?.type === 'string') return { type: target.type, ...object };
    return object;
  }
  return value;
}

function renameRefs(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameRefs(item, from, to));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, key === '$ref' && inner === `${REF_PREFIX}${from}` ? `${REF_PREFIX}${to}` : renameRefs(inner, from, to)]),
    );
  }
  return value;
}

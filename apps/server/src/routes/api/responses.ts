import { validatorCompiler } from '@fastify/type-provider-zod';
import type { FastifySchema, FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { z } from 'zod';
import { compileJsonSerializer } from '../../json-serializer';

// Failure answers and security are not written per route: each route's `config.operation`
// (operation.ts) names its access and the failures it answers, and plugins/openapi-document.ts
// writes them into the document (Error, or LegacyResult on legacyErrorBody routes).

/**
 * Response serializer for the hot gallery reads (issue 3's page target). The app's default, the zod
 * serializer, re-parses the whole answer through zod (~40 signed URLs, 15 KB) before JSON.stringify;
 * this compiles the route's own zod response schema once, through z.toJSONSchema, into
 * fast-json-stringify (what Fastify uses by default). The route keeps its zod schemas, so the OpenAPI
 * document is unchanged, and the output has exactly the schema's fields, as with zod; what it no longer
 * does is refuse an answer that breaks the schema (the service's types already guarantee the shape).
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) throw new Error('fastSerializerCompiler: the response schema must be a zod schema');
  return compileJsonSerializer(schema);
};

/** What a synchronous validator answers. */
interface Validation {
  error?: Error | FastifySchemaValidationError[];
  value?: unknown;
}

/** Queries whose answers are remembered per route (memoizedQueryValidator); all are dropped when full. */
const REMEMBERED_QUERIES = 1000;

/**
 * Query validation for the hot gallery reads (issue 23): the app's zod validator, with its answers to
 * the queries it accepted remembered by their fields, so a query seen before (the same page asked
 * again, the usual case) is not parsed through zod again (~2 µs of a cached page's ~35). Only flat
 * string fields are keyed (what the query parser makes of names given once); anything else, and every
 * refused query, goes through zod each time. The remembered value is frozen: handlers only read it.
 */
export const memoizedQueryValidator: FastifySchemaCompiler<FastifySchema> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  const known = new Map<string, Validation>();
  return (data: unknown): Validation => {
    const key = queryKey(data);
    if (key !== null) {
      const remembered = known.get(key);
      if (remembered !== undefined) return remembered;
    }
    const result = validate(data) as Validation;
    if (key === null || result.error !== undefined || typeof result.value !== 'object' || result.value === null) return result;
    if (known.size >= REMEMBERED_QUERIES) known.clear();
    const answer = { value: Object.freeze(result.value) };
    known.set(key, answer);
    return answer;
  };
};

/** The fields of a parsed query, each name and value length-prefixed (no two queries share a key); null unless all are strings. */
function queryKey(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const fields = data as Record<string, unknown>;
  let key = '';
  for (const name in fields) {
    const value = fields[name];
    if (typeof value !== 'string') return null;
    key += `${name.length}:${name}${value.length}:${value}`;
  }
  return key;
}

/** Accept-Encoding values seen lately, with what they resolve to. */
const encodings = new Map<string, 'br' | 'gzip' | null>();

/** The encoding to answer in, from Accept-Encoding: br, else gzip, else none (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  // Browsers send one of a few values: each is worked out once.
  let encoding = encodings.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = negotiateEncoding(acceptEncoding);
    if (encodings.size >= 100) encodings.clear();
    encodings.set(acceptEncoding, encoding);
  }
  return encoding;
}

function negotiateEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** If-None-Match against a validator, compared weakly (RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

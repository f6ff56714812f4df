import type { FastifySerializerCompiler } from 'fastify';
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

/** The encoding to answer in, from Accept-Encoding: br, else gzip, else none (q=0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
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

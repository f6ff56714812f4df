import fastJsonStringify from 'fast-json-stringify';
import { type ZodType, z } from 'zod';

/**
 * A zod schema's output compiled once into fast-json-stringify (what Fastify uses by default): only
 * the schema's fields, as JSON, without re-parsing the value through zod.
 */
export function compileJsonSerializer<T extends ZodType>(schema: T): (value: z.output<T>) => string {
  return fastJsonStringify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJsonStringify>[0]);
}

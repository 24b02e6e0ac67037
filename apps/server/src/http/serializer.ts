// Response serialization. Each route's zod response schema is turned, once, into a JSON Schema and compiled
// by fast-json-stringify (what Fastify uses without zod): it writes only the declared fields, so a column
// that is not in the schema never reaches a browser, and it refuses an answer that lacks a required field.
// It does not check values (an enum, a format), which zod does for about 6x the CPU (bench/RESULTS.md,
// "Per-request CPU"). So outside production (development, tests, the browser journeys) every answer is ALSO
// checked by zod and must come out the same (as parsed JSON: the field order may differ): a wrong value or a
// difference between the two fails a test rather than reaching production. Decision 011.
import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { safeEncode } from 'zod/v4/core';

/** An answer that does not match its route's response schema: a bug on our side (a 500, logged). */
export class ResponseSchemaError extends Error {
  constructor(method: string, url: string, cause: unknown) {
    super(`${method} ${url}: the response does not match its schema`, { cause });
    this.name = 'ResponseSchemaError';
  }
}

export function responseSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const stringify = compile(schema);
    if (!options.check) {
      return (data) => {
        try {
          return stringify(data);
        } catch (cause) {
          throw new ResponseSchemaError(method, url, cause);
        }
      };
    }
    return (data) => {
      const checked = safeEncode(schema, data);
      if (checked.error) throw new ResponseSchemaError(method, url, checked.error);
      const expected = JSON.stringify(checked.data);
      const written = stringify(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new ResponseSchemaError(
          method,
          url,
          new Error(`fast-json-stringify wrote ${written.slice(0, 500)}; zod expects ${expected.slice(0, 500)}`),
        );
      }
      return written;
    };
  };
}

/** fast-json-stringify for a zod schema; zod + JSON.stringify where a schema has no JSON Schema equivalent. */
function compile(schema: z.ZodType): (data: unknown) => string {
  try {
    return fastJsonStringify(z.toJSONSchema(schema, { io: 'output' }) as Parameters<typeof fastJsonStringify>[0]);
  } catch {
    return (data) => {
      const result = safeEncode(schema, data);
      if (result.error) throw result.error;
      return JSON.stringify(result.data);
    };
  }
}

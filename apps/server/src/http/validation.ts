// Validates a route's body, query and params with its zod schema. A failure becomes a 400 whose message is
// the schema's own words or, where it has none, a clear sentence for the field (describeIssue): never the
// validator's wording (issue 12, docs/product.md §10).
import { describeIssue } from '@quackquest/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';

export class RequestValidationError extends Error {
  readonly statusCode = 400;
}

export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: describeIssue });
    if (result.success) return { value: result.data };
    return {
      error: new RequestValidationError(result.error.issues[0]?.message ?? describeIssue({ code: 'custom', input: data })),
    };
  };

// Validates a route's body, query and params with its zod schema. A failure becomes a 400 whose message is
// the schema's own words or, where it has none, a clear sentence for the field (describeIssue): never the
// validator's wording (issue 12, docs/product.md §6). Either way it goes with its code (decision 048).
import { type ApiErrorBody, parseRequest } from '@quackquest/contract';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';

export class RequestValidationError extends Error {
  readonly statusCode = 400;

  constructor(readonly body: ApiErrorBody) {
    super(body.message);
  }
}

export const validatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = parseRequest(schema, data);
    return result.ok ? { value: result.value } : { error: new RequestValidationError(result.refusal) };
  };

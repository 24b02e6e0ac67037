import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseSchemaError, responseSerializerCompiler } from './serializer';

const schema = z.object({
  name: z.string(),
  status: z.enum(['open', 'closed']),
  note: z.string().nullable(),
  tags: z.array(z.object({ id: z.number().int() })).optional(),
});

function serializer(check: boolean, s: z.ZodType = schema) {
  return responseSerializerCompiler({ check })({ schema: s, method: 'GET', url: '/x', httpStatus: '200' });
}

describe.each([
  ['in production', false],
  ['checked (development and tests)', true],
])('response serializer %s', (_, check) => {
  it('writes the declared fields only: a field the schema does not name never reaches the browser', () => {
    const json = serializer(check)({ name: 'Marina', status: 'open', note: null, secret: 'hash', tags: [{ id: 1, code: 'x' }] });
    expect(JSON.parse(json)).toEqual({ name: 'Marina', status: 'open', note: null, tags: [{ id: 1 }] });
  });

  it('refuses an answer without a required field', () => {
    expect(() => serializer(check)({ status: 'open', note: null })).toThrow(ResponseSchemaError);
  });

  it('falls back to zod for a schema JSON Schema cannot express', () => {
    const withDate = z.object({ at: z.date() });
    expect(JSON.parse(serializer(check, withDate)({ at: new Date(5), secret: 1 }))).toEqual({ at: '1970-01-01T00:00:00.005Z' });
  });
});

describe('checked serializer', () => {
  it('refuses a value the schema does not allow, which fast-json-stringify alone would write', () => {
    const wrongEnum = { name: 'Marina', status: 'pending', note: null };
    expect(() => serializer(true)(wrongEnum)).toThrow(ResponseSchemaError);
    expect(JSON.parse(serializer(false)(wrongEnum))).toEqual(wrongEnum);
  });
});

describe('in an app', () => {
  it('an answer that breaks its schema is a 500 with a plain message, not a half-written body', async () => {
    const { registerErrorHandlers } = await import('./errors');
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(responseSerializerCompiler({ check: true }));
    registerErrorHandlers(app);
    app.get('/broken', { schema: { response: { 200: schema } } }, async () => ({ name: 'Marina', status: 'gone', note: null }));
    const response = await app.inject({ url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'serverError', message: 'Something went wrong on our side. Please try again.' });
    await app.close();
  });
});

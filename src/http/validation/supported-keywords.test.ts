import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { featureSchemas, registerApiRoutes } from '../../server/api.routes.js';
import type { RouteDeps } from '../route-deps.js';
import { sharedSchemas } from '../../shared/schemas.js';
import { pydanticValidatorCompiler } from './request.js';
import { assertSupportedSchema } from './supported-keywords.js';
import { registerSchema } from './validate.js';

const check = (schema: object) => () => assertSupportedSchema(schema as Record<string, unknown>, 'test');

describe('request schemas the validator cannot check are refused', () => {
  it('accepts what the validator implements: strings, integers, booleans, arrays, objects, T | null, $ref', () => {
    const ok = Type.Object({
      a: Type.String({ minLength: 1, maxLength: 5, pattern: '^x', description: 'doc' }),
      b: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, default: 3 })),
      c: Type.Union([Type.Array(Type.Boolean(), { maxItems: 3 }), Type.Null()]),
      d: Type.String({ format: 'date' }),
      e: Type.Any(),
    });
    expect(check(ok)).not.toThrow();
  });

  it.each([
    ['a union that is not T | null', Type.Union([Type.String(), Type.Integer()]), 'keyword "anyOf"'],
    ['const', Type.Literal('x'), 'keyword "const"'],
    ['exclusiveMinimum', Type.Integer({ exclusiveMinimum: 0 }), 'keyword "exclusiveMinimum" on a integer'],
    ['oneOf', { oneOf: [{ type: 'string' }] }, 'keyword "oneOf"'],
    ['a number', Type.Number(), 'type "number"'],
    ['an unchecked format', Type.String({ format: 'email' }), 'format "email"'],
    ['additionalProperties', Type.Object({}, { additionalProperties: false }), 'keyword "additionalProperties"'],
    ['a nested one', Type.Object({ xs: Type.Array(Type.Object({ n: Type.Integer({ multipleOf: 2 }) })) }), 'test.xs[].n: keyword "multipleOf"'],
  ])('refuses %s', (_name, schema, message) => {
    expect(check(schema)).toThrow(message);
  });

  it('follows a $ref into the shared schema it names', () => {
    registerSchema({ $id: 'GuardTestShared', type: 'object', properties: { n: { type: 'number' } } });
    expect(check({ $ref: 'GuardTestShared' })).toThrow('test (GuardTestShared).n: type "number"');
  });

  it('stops a server from starting when one of its routes uses such a schema', async () => {
    const app = Fastify();
    app.setValidatorCompiler(pydanticValidatorCompiler);
    app.post('/x', { schema: { body: Type.Object({ n: Type.Integer({ exclusiveMaximum: 5 }) }) } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow('request schema POST /x body.n: keyword "exclusiveMaximum" on a integer');
  });

  it("passes every route of the service (each one's parts are compiled at start-up)", async () => {
    const app = Fastify();
    const compiled: string[] = [];
    app.setValidatorCompiler((route) => {
      compiled.push(`${route.method} ${route.url} ${route.httpPart}`);
      return pydanticValidatorCompiler(route);
    });
    for (const schema of [...sharedSchemas, ...featureSchemas]) {
      app.addSchema(schema);
      registerSchema(schema);
    }
    await registerApiRoutes(app, {} as RouteDeps); // registering reads no dependency; handlers would
    await app.ready();
    expect(compiled).toEqual(expect.arrayContaining(['GET /v2/leads querystring', 'PATCH /v2/leads/:lead_id body', 'PUT /v2/networking/campaigns/:campaign_id body']));
  });
});

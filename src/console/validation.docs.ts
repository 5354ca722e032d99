// Documents the 422 a route answers when its query, path or body fails validation, so the
// console pages' routes say so in the OpenAPI document as the v2 routes do.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';

export function documentValidationErrors(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    if (!schema.querystring && !schema.params && !schema.body) return;
    route.schema = { ...schema, response: { 422: Type.Ref('HTTPValidationError'), ...(schema.response as object) } };
  });
}

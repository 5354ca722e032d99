// The console's one answer to the domain refusing a value it was sent (an InvalidSetting, an ICP
// rule, a target account): a 422 in the validation shape whose `loc` points into the request body,
// so the form shows the message beside its field; nothing was saved. The route says where.
import type { FastifyReply } from 'fastify';

export function fieldRefusal(reply: FastifyReply, body: unknown, path: (string | number)[], msg: string): FastifyReply {
  const input = path.reduce<unknown>((value, key) => (value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[key] : undefined), body);
  return reply.code(422).send({ detail: [{ type: 'value_error', loc: ['body', ...path], msg, input: input ?? null }] });
}

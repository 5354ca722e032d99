// verifyWebhook of the typed client on deliveries signed by the standardwebhooks library itself,
// received by a local HTTP receiver as a user's endpoint would receive them.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { request } from 'undici';
import { verifyWebhook, WarmlineWebhookError } from '@warmline/client';

const secret = `whsec_${randomBytes(32).toString('base64')}`;
const signer = new Webhook(secret);

function signedHeaders(id: string, payload: string, at = new Date(), key = signer) {
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': key.sign(id, at, payload) };
}

describe('verifyWebhook', () => {
  // The receiver answers 204 for a verified delivery (echoing its event in a header) and 400 otherwise.
  let receiver: http.Server;
  let url: string;
  beforeAll(async () => {
    receiver = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8').on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        try {
          const event = verifyWebhook<{ lead_id: string }>(secret, body, req.headers);
          res.writeHead(204, { 'x-event': JSON.stringify(event) }).end();
        } catch (err) {
          res.writeHead(err instanceof WarmlineWebhookError ? 400 : 500, { 'x-error': (err as Error).message }).end();
        }
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const post = (payload: string, headers: Record<string, string>) =>
    request(url, { method: 'POST', body: payload, headers: { 'content-type': 'application/json', ...headers } });

  const payload = JSON.stringify({ type: 'lead.created', timestamp: '2025-06-10T15:00:00Z', data: { lead_id: 'ld_1' } });

  it('accepts a delivery signed with the secret and returns its event with the webhook-id', async () => {
    const res = await post(payload, signedHeaders('msg_1', payload));
    expect(res.statusCode).toBe(204);
    expect(JSON.parse(String(res.headers['x-event']))).toEqual({ id: 'msg_1', type: 'lead.created', timestamp: '2025-06-10T15:00:00Z', data: { lead_id: 'ld_1' } });
  });

  it('accepts Fetch Headers too', () => {
    const headers = new Headers(signedHeaders('msg_2', payload));
    expect(verifyWebhook(secret, payload, headers).id).toBe('msg_2');
  });

  it('refuses a changed body, another secret, another id, an old timestamp and missing headers', async () => {
    const other = new Webhook(`whsec_${randomBytes(32).toString('base64')}`);
    const cases: [string, string, Record<string, string>][] = [
      ['changed body', payload.replace('ld_1', 'ld_2'), signedHeaders('msg_3', payload)],
      ['another secret', payload, signedHeaders('msg_4', payload, new Date(), other)],
      ['another id', payload, { ...signedHeaders('msg_5', payload), 'webhook-id': 'msg_6' }],
      ['ten minutes old', payload, signedHeaders('msg_7', payload, new Date(Date.now() - 600_000))],
      ['no signature', payload, { 'webhook-id': 'msg_8', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) }],
    ];
    for (const [name, body, headers] of cases) {
      const res = await post(body, headers);
      expect(res.statusCode, name).toBe(400);
      await res.body.dump();
    }
  });

  it('refuses a signed body that is not an event', () => {
    const notEvent = JSON.stringify({ hello: 'world' });
    expect(() => verifyWebhook(secret, notEvent, signedHeaders('msg_9', notEvent))).toThrow(WarmlineWebhookError);
  });
});

// A local receiver of outbound webhooks (HTTP on 127.0.0.1) that verifies every delivery with the
// standardwebhooks library, as a user's endpoint would, and answers as the test scripts it:
// 'ok' (204), a status, or 'hang' (never answers: the sender's time limit ends it).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  timestamp: string;
  type: string;
  data: any;
  verified: boolean;
}

export type Answer = 'ok' | 'hang' | number;

export interface Receiver {
  url: string;
  received: Received[];
  /** Answers for the next deliveries, in order; 'ok' once they are used up (or `fallback`). */
  script: Answer[];
  fallback: Answer;
  secret: string | null;
  /** Milliseconds each answer waits (a slow receiver). */
  delayMs: number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const hanging = new Set<http.ServerResponse>();
  const receiver: Receiver = { url: '', received: [], script: [], fallback: 'ok', secret: null, delayMs: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = { 'webhook-id': String(req.headers['webhook-id']), 'webhook-timestamp': String(req.headers['webhook-timestamp']), 'webhook-signature': String(req.headers['webhook-signature']) };
      let verified = false;
      try {
        new Webhook(receiver.secret!).verify(body, headers);
        verified = true;
      } catch {
        verified = false;
      }
      const parsed = JSON.parse(body);
      receiver.received.push({ id: headers['webhook-id'], timestamp: headers['webhook-timestamp'], type: parsed.type, data: parsed.data, verified });
      const answer = receiver.script.shift() ?? receiver.fallback;
      if (answer === 'hang') return void hanging.add(res);
      setTimeout(() => res.writeHead(answer === 'ok' ? 204 : answer).end(), receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return receiver;
}

// The typed client (@warmline/client) as a test uses it against a test server: through undici
// with the test certificate accepted, each request counted.
import { createWarmlineClient, type RetryPolicy } from '@warmline/client';
import { Agent, fetch as undiciFetch } from 'undici';

const agent = new Agent({ connect: { rejectUnauthorized: false } });

export function typedClient(url: string, apiKey: string, retry: Partial<RetryPolicy> = {}) {
  const sent: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    sent.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
    const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
    return (await undiciFetch(request.url, { method: request.method, headers: Object.fromEntries(request.headers), body, dispatcher: agent })) as unknown as Response;
  };
  return { client: createWarmlineClient({ baseUrl: url, apiKey, fetch, retry }), sent };
}

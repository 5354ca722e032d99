// One raw HTTPS call, for what a CRM's SDK lacks (each use names the call it stands in for). The
// answer's status and JSON body, or an Error when no answer came within the time limit.
import https from 'node:https';

export interface RawAnswer {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

export function rawJson(url: string, options: { method?: string; headers: Record<string, string>; ca?: string; timeoutMs: number }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: options.method ?? 'GET', headers: { accept: 'application/json', ...options.headers }, ...(options.ca ? { ca: options.ca } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(deadline);
        let body: unknown = null;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          // not JSON: the status says enough
        }
        resolve({ status: res.statusCode ?? 0, body, retryAfter: (res.headers['retry-after'] as string | undefined) ?? null });
      });
      res.on('error', reject);
    });
    const deadline = setTimeout(() => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
    req.on('error', (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    req.end();
  });
}

/**
 * Runs an SDK call under a time limit: when it runs out, `abort` tears the connection down (an
 * SDK without a time limit of its own would otherwise wait for ever on a lost answer).
 */
export async function withinTime<T>(call: Promise<T>, timeoutMs: number, abort: () => void, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          abort();
          reject(new Error(`${what} did not answer within ${timeoutMs} ms`));
        }, timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

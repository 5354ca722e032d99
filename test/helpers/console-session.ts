// A signed-in console member for API and browser tests: an invitation spent with a known password,
// then a real sign-in through /app/api/sign-in (the cookie and CSRF token a browser would hold).
import { acceptInvite, createInvite } from '../../src/console/console-auth.service.js';
import type { RequestOptions } from './client.js';
import type { TestServer } from './server.js';

export const CONSOLE_PASSWORD = 'correct horse battery';

export async function memberEmail(server: TestServer, memberId: string): Promise<string> {
  return (await server.ctx.database.db.selectFrom('team_members').select('email').where('id', '=', memberId).executeTakeFirstOrThrow()).email;
}

/** Sets the member's password (role chosen by the link). */
export async function withPassword(server: TestServer, workspaceId: string, memberId: string, role: 'admin' | 'member' = 'admin'): Promise<string> {
  const { token } = await createInvite(server.ctx.database.db, server.ctx.clock, workspaceId, memberId, role);
  await acceptInvite(server.ctx.database.db, server.ctx.clock, token, CONSOLE_PASSWORD);
  return memberEmail(server, memberId);
}

/** Signs the member in; `headers` carry the cookie and the CSRF token, and get/post/patch send them. */
export async function consoleSession(server: TestServer, workspaceId: string, memberId: string, role: 'admin' | 'member' = 'admin') {
  const email = await withPassword(server, workspaceId, memberId, role);
  const res = await server.client.post('/app/api/sign-in', { json: { email, password: CONSOLE_PASSWORD } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  const headers = { cookie, 'x-csrf-token': res.body.csrf_token as string };
  const withSession = (o: RequestOptions = {}) => ({ ...o, headers: { ...headers, ...o.headers } });
  return {
    email,
    cookie,
    headers,
    get: (path: string, o?: RequestOptions) => server.client.get(path, withSession(o)),
    post: (path: string, json?: unknown, o?: RequestOptions) => server.client.post(path, withSession({ ...o, json })),
    patch: (path: string, json?: unknown, o?: RequestOptions) => server.client.patch(path, withSession({ ...o, json })),
  };
}

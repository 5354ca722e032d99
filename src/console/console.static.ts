// The built console (Vite, `npm run build:console`, run by `npm ci`) served at /app from the same process.
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** dist/app at the package root, whether this file runs from src/console (tests) or dist/console. */
export const CONSOLE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/app');

export async function registerConsoleStatic(app: FastifyInstance): Promise<void> {
  if (!fs.existsSync(path.join(CONSOLE_DIR, 'index.html'))) {
    app.get('/app/', { schema: { hide: true } }, async (_request, reply) => reply.code(503).type('text/plain').send('The console is not built: run `npm run build`.'));
    return;
  }
  await app.register(fastifyStatic, { root: CONSOLE_DIR, prefix: '/app/', index: 'index.html', wildcard: true, schemaHide: true });
  app.get('/app', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/app/'));
}

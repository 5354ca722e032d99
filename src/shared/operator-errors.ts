// What an operator sees when a command fails: one line on stderr, never a stack trace. Known
// failures (a bad flag, a busy port, an unreachable or missing database, a file the process
// cannot read or write) are worded here, in one table; anything else is named by its message.
import { UsageError } from './errors.js';

interface SystemError extends Error {
  code?: string;
  path?: string;
  syscall?: string;
  address?: string;
  port?: number;
  hostname?: string;
}

type Rule = (err: SystemError) => string | null;

const where = (err: SystemError) => (err.address ? `${err.address}${err.port ? `:${err.port}` : ''}` : 'the server');

// Checked in order; the first rule that words the error wins.
const RULES: Rule[] = [
  (err) => (err instanceof UsageError ? err.message : null),
  (err) => (err.code === 'EADDRINUSE' ? `cannot listen on ${where(err)}: the address is already in use (choose another --port)` : null),
  (err) => (err.code === 'EADDRNOTAVAIL' ? `cannot listen on ${where(err)}: no such address on this machine (check --host)` : null),
  (err) => (err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN' ? `cannot resolve host "${err.hostname}"` : null),
  (err) => (err.code === 'ECONNREFUSED' ? `cannot connect to ${where(err)}: connection refused (is the database running?)` : null),
  // PostgreSQL's own codes: invalid_catalog_name, invalid_authorization_specification, invalid_password.
  (err) => (err.code === '3D000' || err.code === '28000' || err.code === '28P01' ? `database: ${err.message}` : null),
  (err) => (err.code === 'ENOENT' && err.path ? `no such file or directory: ${err.path}` : null),
  (err) => (err.code === 'EACCES' || err.code === 'EPERM' || err.code === 'EROFS' ? `permission denied: ${err.path ?? err.message}` : null),
  (err) => (err.code === 'ENOTDIR' || err.code === 'EISDIR' ? `not usable as ${err.code === 'ENOTDIR' ? 'a directory' : 'a file'}: ${err.path ?? err.message}` : null),
  (err) => (err.code?.startsWith('SQLITE_') ? `database: ${err.message}` : null),
];

/** The one line that describes `err` to an operator (without the "warmline: " prefix). */
export function operatorMessage(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  // A connection to "localhost" tries every address it resolves to; the first refusal speaks for all.
  if (err instanceof AggregateError && err.errors[0] instanceof Error) return operatorMessage(err.errors[0]);
  for (const rule of RULES) {
    const line = rule(err as SystemError);
    if (line !== null) return oneLine(line);
  }
  return oneLine(`${err.name === 'Error' ? '' : `${err.name}: `}${err.message}`);
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ').trim();

// A benchmark's own PostgreSQL database, empty for each run.
import pg from 'pg';

/** A fresh, empty PostgreSQL database named by the URL (dropped and created again). */
export async function freshPostgres(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

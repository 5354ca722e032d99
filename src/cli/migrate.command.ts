import { Command } from 'commander';
import { connectDb } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { configFrom, print, withCommonOptions, type CommonFlags } from './options.js';

export function migrateCommand(): Command {
  return withCommonOptions(new Command('migrate').description('bring the database schema up to date')).action(async (flags: CommonFlags) => {
    const handle = connectDb(configFrom(flags).db);
    try {
      const applied = await migrateToLatest(handle.db);
      print(flags, { applied }, () => (applied.length ? `applied ${applied.join(', ')}` : 'schema is up to date'));
    } finally {
      await handle.close();
    }
  });
}

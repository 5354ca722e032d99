import { Command } from 'commander';
import { databaseLocation } from '../context.js';
import { connectDb } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { UsageError } from '../shared/errors.js';
import { operatorMessage } from '../shared/operator-errors.js';
import { configFrom, print, withCommonOptions, withSettingOptions, type CommonFlags } from './options.js';

export function migrateCommand(): Command {
  return withSettingOptions(withCommonOptions(new Command('migrate').description('bring the database schema up to date')), 'start').action(async (flags: CommonFlags) => {
    const config = configFrom(flags);
    let handle;
    try {
      handle = connectDb(config.db);
    } catch (err) {
      throw new UsageError(`cannot use the database at ${databaseLocation(config)}: ${operatorMessage(err)}`);
    }
    try {
      const applied = await migrateToLatest(handle.db).catch((err: unknown) => {
        throw new UsageError(`cannot use the database at ${databaseLocation(config)}: ${operatorMessage(err)}`);
      });
      print(flags, { applied }, () => (applied.length ? `applied ${applied.join(', ')}` : 'schema is up to date'));
    } finally {
      await handle.close();
    }
  });
}

import { Command } from 'commander';
import { createApiKey, listApiKeys, revokeApiKey } from '../auth/api-keys.service.js';
import { print, withCommonOptions, withContext, withExistingContext, type CommonFlags } from './options.js';

export function keyCommands(): Command {
  const group = new Command('key').description('manage API keys (stored only as a hash; a key is shown once)');
  withCommonOptions(group.command('create').description('create an API key for a workspace; prints the key once (with --json, {"id","key"})'))
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--name <name>', 'a label for the key')
    .action(async (flags: CommonFlags & { workspace: string; name?: string }) => {
      const result = await withContext(flags, (ctx) => createApiKey(ctx.database.db, ctx.clock, flags.workspace, flags.name ?? null));
      print(flags, result, () => `API key ${result.id} (shown once, keep it safe):\n${result.key}`);
    });
  withCommonOptions(group.command('list').description('list API keys (never the keys themselves)'))
    .option('--workspace <id>', 'only this workspace')
    .action(async (flags: CommonFlags & { workspace?: string }) => {
      const keys = await withExistingContext(flags, (ctx) => listApiKeys(ctx.database.db, flags.workspace));
      print(flags, keys, () =>
        keys.length === 0
          ? 'no keys'
          : ['id\tworkspace\tprefix\tname\tstatus', ...keys.map((k) => `${k.id}\t${k.workspace_id}\t${k.prefix}…\t${k.name ?? ''}\t${k.revoked_at ? `revoked ${k.revoked_at}` : 'active'}`)].join('\n'),
      );
    });
  withCommonOptions(group.command('revoke').description('revoke an API key; takes effect on the next request'))
    .argument('<key-id>', 'id of the key (from key list)')
    .action(async (keyId: string, flags: CommonFlags) => {
      await withContext(flags, (ctx) => revokeApiKey(ctx.database.db, ctx.clock, keyId));
      print(flags, { id: keyId, revoked: true }, () => `revoked ${keyId}`);
    });
  return group;
}

// `warmline person forget`: a person's erasure on request (src/privacy/erasure.service.ts).
import { Command } from 'commander';
import { forgetPerson } from '../privacy/erasure.service.js';
import { print, withCommonOptions, withContext, type CommonFlags } from './options.js';

export function personCommands(): Command {
  const group = new Command('person').description("a person's data in a workspace");
  withCommonOptions(
    group
      .command('forget')
      .description(
        'erase a person from a workspace on request, in one transaction: their leads, contact, engagement, connections, replies and enrichment results are deleted, their campaign contacts and outbound actions kept as counts without who they were, texts naming them rewritten; they go on the do-not-process list (digests only) so no engine brings them back; a person.forgotten event is sent; prints {"workspace_id","leads","campaign_contacts","mentions"}',
      ),
  )
    .argument('<workspace>', 'workspace id')
    .argument('<person>', "the person's network id (urn) or email address")
    .action(async (workspace: string, who: string, flags: CommonFlags) => {
      const result = await withContext(flags, (ctx) => forgetPerson({ db: ctx.database.db, clock: ctx.clock }, workspace, who));
      print(flags, result, () => `erased from ${workspace}: ${result.leads} lead(s), ${result.campaign_contacts} campaign contact(s) anonymised, ${result.mentions} other mention(s) rewritten; on the do-not-process list`);
    });
  return group;
}

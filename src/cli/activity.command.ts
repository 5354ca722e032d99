import { Command } from 'commander';
import { activityPage } from '../workspace/activity.service.js';
import { findWorkspace } from '../workspace/workspace.repository.js';
import { DomainError, UsageError } from '../shared/errors.js';
import { parseInteger, print, withCommonOptions, withExistingContext, type CommonFlags } from './options.js';

/** `warmline activity`: the workspace's activity log, newest first (docs/operations.md "Activity log"). */
export function activityCommand(): Command {
  return withCommonOptions(new Command('activity').description("a workspace's activity log, newest first: who did what (keys, webhooks), when"))
    .requiredOption('--workspace <id>', 'workspace id')
    .option('--limit <n>', 'entries to show, 1 to 1000', parseInteger('--limit', 1, 1000), 50)
    .option('--cursor <cursor>', 'continue after a previous page (its next_cursor, shown with --json)')
    .action(async (flags: CommonFlags & { workspace: string; limit: number; cursor?: string }) => {
      const page = await withExistingContext(flags, async (ctx) => {
        if (!(await findWorkspace(ctx.database.db, flags.workspace))) throw new UsageError(`no workspace with id ${flags.workspace}`);
        return activityPage(ctx.database.db, flags.workspace, flags.limit, flags.cursor ?? null).catch((err: unknown) => {
          throw err instanceof DomainError && err.code === 'invalid_cursor' ? new UsageError(`--cursor: not a cursor of this log (got "${flags.cursor}")`) : err;
        });
      });
      print(flags, page, () =>
        page.items.length === 0
          ? 'no activity'
          : page.items.map((e) => `${e.at}\t${e.actor.kind}${e.actor.id ? ` ${e.actor.id}` : ''}\t${e.action}\t${e.subject ?? ''}\t${JSON.stringify(e.details)}`).join('\n'),
      );
    });
}

import { Command, CommanderError } from 'commander';
import { activityCommand } from './activity.command.js';
import { operatorMessage } from '../shared/operator-errors.js';
import { campaignCommands } from './campaign.commands.js';
import { creditsCommands } from './credits.commands.js';
import { accountsCommands, enrichmentCommands, icpCommands, syncCommand } from './ingestion.commands.js';
import { keyCommands } from './key.commands.js';
import { memberCommands } from './member.commands.js';
import { migrateCommand } from './migrate.command.js';
import { networkCommands } from './network.commands.js';
import { crmCommands } from './crm.commands.js';
import { outreachCommands } from './outreach.commands.js';
import { personCommands } from './person.commands.js';
import { serveCommand } from './serve.command.js';
import { simulateCommand } from './simulate.command.js';
import { suppressionCommands } from './suppression.commands.js';
import { webhookCommands } from './webhook.commands.js';
import { workerCommand } from './worker.command.js';
import { exportCommand, importCommand } from './snapshot.commands.js';
import { workspaceCommands } from './workspace.commands.js';

const program = new Command('warmline')
  .description('Warmline: leads, content feeds and networking outreach for sales teams (v2 API)')
  .version('0.2.0');

for (const command of [
  serveCommand(),
  workerCommand(),
  migrateCommand(),
  workspaceCommands(),
  keyCommands(),
  activityCommand(),
  memberCommands(),
  personCommands(),
  creditsCommands(),
  suppressionCommands(),
  webhookCommands(),
  icpCommands(),
  accountsCommands(),
  enrichmentCommands(),
  syncCommand(),
  campaignCommands(),
  networkCommands(),
  crmCommands(),
  outreachCommands(),
  simulateCommand(),
  importCommand(),
  exportCommand(),
]) {
  program.addCommand(command);
}

// Commander's own complaints (unknown option, bad value, missing option) become one line like every
// other error, on every (sub)command: addCommand does not pass settings down, so they are set on each.
const oneLineErrors = (command: Command): void => {
  command
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`warmline: ${text.replace(/^error: /, '').trim().replace(/\s*\n\s*/g, ' ')}\n`) });
  command.commands.forEach(oneLineErrors);
};
oneLineErrors(program);

// A reader that stops early (`warmline export … | head`) closes the pipe: that is the end, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  fail(err);
});

function fail(err: unknown): never {
  if (err instanceof CommanderError) process.exit(err.exitCode);
  process.stderr.write(`warmline: ${operatorMessage(err)}\n`);
  process.exit(1);
}

try {
  await program.parseAsync(process.argv);
} catch (err) {
  fail(err);
}

import { Command, CommanderError } from 'commander';
import { UsageError } from '../shared/errors.js';
import { campaignCommands } from './campaign.commands.js';
import { creditsCommands } from './credits.commands.js';
import { accountsCommands, enrichmentCommands, icpCommands, syncCommand } from './ingestion.commands.js';
import { keyCommands } from './key.commands.js';
import { memberCommands } from './member.commands.js';
import { migrateCommand } from './migrate.command.js';
import { networkCommands } from './network.commands.js';
import { outreachCommands } from './outreach.commands.js';
import { serveCommand } from './serve.command.js';
import { simulateCommand } from './simulate.command.js';
import { suppressionCommands } from './suppression.commands.js';
import { workerCommand } from './worker.command.js';
import { exportCommand, importCommand } from './snapshot.commands.js';
import { workspaceCommands } from './workspace.commands.js';

const program = new Command('warmline')
  .description('Warmline: leads, content feeds and networking outreach for sales teams (v2 API)')
  .version('0.2.0')
  .showHelpAfterError()
  .exitOverride();

for (const command of [
  serveCommand(),
  workerCommand(),
  migrateCommand(),
  workspaceCommands(),
  keyCommands(),
  memberCommands(),
  creditsCommands(),
  suppressionCommands(),
  icpCommands(),
  accountsCommands(),
  enrichmentCommands(),
  syncCommand(),
  campaignCommands(),
  networkCommands(),
  outreachCommands(),
  simulateCommand(),
  importCommand(),
  exportCommand(),
]) {
  program.addCommand(command);
}

try {
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) process.exit(err.exitCode);
  if (err instanceof UsageError) {
    process.stderr.write(`warmline: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

// Prints the README's settings table from the settings' declaration: `npm run docs:settings`.
import { settingsTable } from '../src/cli/settings-table.js';

process.stdout.write(`${settingsTable()}\n`);

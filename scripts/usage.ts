// `--help` for the project's scripts: their usage is printed, and nothing is built or started.
/** Prints `usage` and exits when the script was asked for --help (or -h). Call before reading options. */
export function exitOnHelp(usage: string): void {
  if (!process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) return;
  process.stdout.write(`${usage.trim()}\n`);
  process.exit(0);
}

// `--help` for the project's scripts: their usage is printed, and nothing is built or started.
/** Prints `usage` and exits when the script was asked for --help (or -h). Call before reading options. */
export function exitOnHelp(usage: string): void {
  if (!process.argv.slice(2).some((arg) => arg === '--help' || arg === '-h')) return;
  process.stdout.write(`${usage.trim()}\n`);
  process.exit(0);
}

/**
 * For a script that takes no arguments (its settings are environment variables): any argument is
 * refused, before anything is built or started, with one line on stderr naming the first as it was
 * typed, and exit code 1 (a mistyped option would otherwise be ignored, and a long run start as if
 * it had not been given). A leading `--` (end of options) is not counted. Call after exitOnHelp.
 */
export function refuseArguments(script: string): void {
  const args = process.argv.slice(2);
  const arg = args[0] === '--' ? args[1] : args[0];
  if (arg === undefined) return;
  process.stderr.write(`${script}: unknown argument ${arg} (--help for the usage)\n`);
  process.exit(1);
}

/**
 * True in a script's own child process: forked (an IPC channel is open) with exactly `flag` and
 * `operands` more arguments. Such an internal mode is kept out of the usage, and the same arguments
 * typed on the command line are not it: there refuseArguments refuses them like any other.
 */
export function forkedWith(flag: string, operands = 0): boolean {
  const args = process.argv.slice(2);
  return process.send !== undefined && args[0] === flag && args.length === 1 + operands;
}

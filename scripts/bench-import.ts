// Measures `warmline import` of the generated 1M-lead snapshot (docs/snapshot-import.md), through
// the real CLI, into a fresh SQLite file and a fresh PostgreSQL database (USAGE below, `--help`).
// The snapshot is generated once (niced) into .bench/snapshot-<leads>.json (gitignored) and reused.
// Per run: wall seconds, the importer's CPU seconds (user + system, from /proc), rows written per
// second (every table of the workspace), leads per second and the importer's peak RSS (VmHWM,
// sampled every 100 ms), and the ratio to the previous import path's figures at 1M leads
// (issue 15: 275 s on SQLite, 416 s on PostgreSQL; measuring that path again takes 12 minutes).
// Per run also the seconds of each phase (the CLI's plain progress lines on stderr, timed as they
// arrive), so a slower import says where it is slower.
// Last line per run: `import-bench: db=<d> leads=<n> seconds=<s> cpu-s=<c> rows-per-s=<r> peak-rss-mb=<m> speedup=<x>`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { connectDb, type DbTarget } from '../src/db/connect.js';
import { freshPostgres } from './fresh-postgres.js';
import { exitOnHelp } from './usage.js';

const USAGE = `
\`warmline import\` of the generated snapshot, through the real CLI, into a fresh SQLite file and a
fresh PostgreSQL database (docs/snapshot-import.md). Per run: the seconds of each phase (from the
CLI's progress lines), then wall and CPU seconds, rows/s and peak RSS.

  npm run bench:import                  both engines
  npm run bench:import -- --db sqlite   one engine (sqlite | postgres | both)

Options:
  --leads <n>            the snapshot's size (default 1000000; generated once into .bench/snapshot-<n>.json)
  --pg <postgres://…>    the database to import into, dropped and created per run
                         (default postgres://postgres@127.0.0.1:5432/warmline_import_bench)
  --runs <n>             imports per engine (default 1)
  --previous <commit>    also import with that commit's importer after each run, print its phases and
                         the ratio of the two (cheap at --leads 100000; 12 minutes at 1M)
  -h, --help             this text
`;
exitOnHelp(USAGE);
const { values: opts } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    leads: { type: 'string', default: '1000000' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/warmline_import_bench' },
    runs: { type: 'string', default: '1' },
    previous: { type: 'string' },
  },
});
const LEADS = Number(opts.leads);
const OLD_SECONDS_AT_1M: Record<string, number> = { sqlite: 275, postgres: 416 };
const TABLES = ['team_members', 'companies', 'contacts', 'posts', 'leads', 'lead_history', 'lead_notes', 'lead_counts', 'connections', 'campaigns', 'campaign_contacts'];
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, '.bench');
const snapshot = path.join(benchDir, `snapshot-${LEADS}.json`);

function ensureSnapshot(): void {
  if (fs.existsSync(snapshot)) return;
  fs.mkdirSync(benchDir, { recursive: true });
  console.log(`generating ${snapshot} once (niced; later runs reuse it)…`);
  // make-snapshot names the file only once it is whole: an interrupted run leaves nothing to reuse.
  const run = spawnSync('nice', ['-n', '10', process.execPath, '--import', 'tsx', 'scripts/make-snapshot.ts', snapshot, String(LEADS)], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('make-snapshot failed');
}

/** CPU seconds and peak RSS of a running process, from /proc (undefined once it has exited). */
function sample(pid: number): { cpu: number; hwmKb: number } | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const hwm = /VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { cpu: (Number(stat[11]) + Number(stat[12])) / 100, hwmKb: Number(hwm?.[1] ?? 0) };
  } catch {
    return undefined;
  }
}

/** The previous importer: `src/` of that commit, run from under .bench/ with this checkout's node_modules. */
function previousCli(commit: string): string {
  const dir = path.join(benchDir, `previous-${commit}`);
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(dir, { recursive: true });
    const archive = spawnSync('sh', ['-c', `git archive ${commit} src | tar -x -C ${dir}`], { cwd: root, stdio: 'inherit' });
    if (archive.status !== 0) throw new Error(`cannot extract ${commit}`);
  }
  return path.join(dir, 'src', 'cli', 'main.ts');
}

/**
 * The import's phases from the CLI's plain progress lines (`import: 300000 leads (41.2 s)`,
 * `import: building the leads indexes (…)`): a section's rows from its first line, each other line
 * a phase of its own, each phase until the next one starts (the last until the process ends).
 * Sections too small for a line count in the phase before them. Other stderr lines pass through.
 */
function phaseTimer(stream: NodeJS.ReadableStream, started: number): () => string {
  const phases: { label: string; at: number }[] = [{ label: 'start', at: started }];
  let last = '';
  createInterface({ input: stream }).on('line', (line) => {
    const progress = /^import: (.+) \(\d+\.\d s\)$/.exec(line);
    if (!progress) return void console.error(line);
    const text = progress[1]!;
    const label =
      /^\d+ (.+)$/.exec(text)?.[1] ?? // a section's rows
      /^loading (.+) without indexes$/.exec(text)?.[1] ?? // a bulk section's rows, before its first count
      /^building the (.+ indexes)$/.exec(text)?.[1] ??
      (text === 'counting leads' ? 'counters and commit' : text);
    if (label !== last) phases.push({ label, at: performance.now() });
    last = label;
  });
  return () => {
    const ended = performance.now();
    return phases.map((p, i) => `${p.label} ${(((phases[i + 1]?.at ?? ended) - p.at) / 1000).toFixed(1)}`).join(', ');
  };
}

async function importOnce(dialect: 'sqlite' | 'postgres', cli = 'src/cli/main.ts'): Promise<{ seconds: number; cpu: number; peakMb: number; target: DbTarget; phases: string }> {
  const file = path.join(benchDir, 'import-bench.db');
  if (dialect === 'sqlite') for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  else await freshPostgres(opts.pg!);
  const target: DbTarget = dialect === 'sqlite' ? { dialect, file } : { dialect, url: opts.pg! };
  const where = dialect === 'sqlite' ? file : opts.pg!;
  // Migrations first, so the timed run is the import alone; by the same importer's own (a previous
  // one refuses a schema with migrations it does not know).
  // The file is new: said through the variable, which a previous version's CLI ignores (it has no --new-db).
  const migrate = spawnSync(process.execPath, ['--import', 'tsx', cli, 'migrate', '--db', where], { cwd: root, stdio: 'ignore', env: { ...process.env, WARMLINE_NEW_DB: 'true' } });
  if (migrate.status !== 0) throw new Error('migrate failed');
  const args = ['--import', 'tsx', cli, 'import', snapshot, '--db', where];
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, WARMLINE_LOG_LEVEL: 'warn' } });
  const phases = phaseTimer(child.stderr!, started);
  let last = { cpu: 0, hwmKb: 0 };
  const timer = setInterval(() => {
    // An exited (zombie) process still has a stat line but no memory figures: keep the last real sample.
    const now = sample(child.pid!);
    if (now && now.hwmKb > 0) last = now;
  }, 100);
  // 'close', not 'exit': the last progress lines are read by then.
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`import failed (exit ${code})`);
  return { seconds, cpu: last.cpu, peakMb: last.hwmKb / 1024, target, phases: phases() };
}

async function rowsOf(target: DbTarget): Promise<Record<string, number>> {
  const handle = connectDb(target);
  try {
    const out: Record<string, number> = {};
    for (const t of TABLES) out[t] = Number((await handle.db.selectFrom(t as 'leads').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    // The counters the import built must equal a COUNT of what it wrote.
    const counted = await handle.db.selectFrom('leads').select(['status', (eb) => eb.fn.countAll().as('n')]).groupBy('status').execute();
    const kept = await handle.db.selectFrom('lead_counts').select(['status', (eb) => eb.fn.sum('count').as('n')]).where('span', '=', 0).groupBy('status').execute();
    const byStatus = (list: { status: string; n: unknown }[]) => JSON.stringify(Object.fromEntries(list.map((r) => [r.status, Number(r.n)]).sort()));
    if (byStatus(counted) !== byStatus(kept)) throw new Error(`counters ${byStatus(kept)} differ from COUNT ${byStatus(counted)}`);
    return out;
  } finally {
    await handle.close();
  }
}

ensureSnapshot();
const megabytes = fs.statSync(snapshot).size / 1048576;
console.log(`snapshot: ${LEADS} leads, ${megabytes.toFixed(0)} MB; load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
const dialects = opts.db === 'both' ? (['sqlite', 'postgres'] as const) : [opts.db as 'sqlite' | 'postgres'];
for (const dialect of dialects) {
  for (let run = 1; run <= Number(opts.runs); run++) {
    const { seconds, cpu, peakMb, target, phases } = await importOnce(dialect);
    const rows = await rowsOf(target);
    console.log(`${dialect} run ${run}, phases (s): ${phases}`);
    const total = Object.entries(rows).filter(([t]) => t !== 'lead_counts').reduce((s, [, n]) => s + n, 0);
    const old = LEADS === 1_000_000 ? OLD_SECONDS_AT_1M[dialect]! : null;
    console.log(`${dialect} run ${run}: ${JSON.stringify(rows)}`);
    console.log(
      `import-bench: db=${dialect} leads=${LEADS} seconds=${seconds.toFixed(1)} cpu-s=${cpu.toFixed(1)} rows=${total} rows-per-s=${Math.round(total / seconds)} ` +
        `leads-per-s=${Math.round(LEADS / seconds)} peak-rss-mb=${peakMb.toFixed(0)} speedup=${old ? (old / seconds).toFixed(2) : 'n/a'} ` +
        `load=${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`,
    );
    if (dialect === 'sqlite') for (const f of ['', '-wal', '-shm']) fs.rmSync(`${(target as { file: string }).file}${f}`, { force: true });
    if (opts.previous) {
      const before = await importOnce(dialect, previousCli(opts.previous));
      console.log(`${dialect} run ${run}, previous=${opts.previous}, phases (s): ${before.phases}`);
      console.log(
        `import-bench: db=${dialect} leads=${LEADS} previous=${opts.previous} seconds=${before.seconds.toFixed(1)} cpu-s=${before.cpu.toFixed(1)} peak-rss-mb=${before.peakMb.toFixed(0)} ` +
          `speedup-wall=${(before.seconds / seconds).toFixed(2)} speedup-cpu=${(before.cpu / cpu).toFixed(2)}`,
      );
      if (dialect === 'sqlite') for (const f of ['', '-wal', '-shm']) fs.rmSync(`${(before.target as { file: string }).file}${f}`, { force: true });
    }
  }
}

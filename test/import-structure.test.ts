// The import graph of src/ (docs/decisions.md, "Layers and imports"): no circle among files and no
// arrow from a lower layer to a higher one. Imports are read with TypeScript's own pre-processor.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');
const DOMAIN = ['auth', 'campaigns', 'connections', 'console', 'contacts', 'content', 'enrichment', 'hooks', 'ingestion', 'leads', 'outreach', 'snapshot', 'suppression', 'webhooks', 'workspace'];

/** Lowest first: shared helpers, the store and the process's instruments (metrics), the providers, the domain, the HTTP edge, the composition root (config, context, server, engine, cli, demo). */
function layerOf(file: string): number {
  const area = file.includes('/') ? file.split('/')[0]! : 'root';
  if (area === 'shared') return 0;
  if (area === 'db' || area === 'metrics') return 1;
  if (area === 'network') return 2;
  if (DOMAIN.includes(area)) return 3;
  if (area === 'http') return 4;
  return 5;
}

/** The endorsed exceptions: database.ts assembles the features' table types; a domain's own route, schema and request-hook files are its HTTP edge. */
function endorsed(from: string, to: string): boolean {
  if (from === 'db/database.ts' && to.endsWith('.table.ts')) return true;
  if (layerOf(from) === 3 && layerOf(to) === 4 && /\.(routes|schemas|hooks)\.ts$/.test(from)) return true;
  // The edge is configured by the one settings declaration (a type it is handed by the root).
  if (layerOf(from) === 4 && to === 'config.ts') return true;
  return false;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(SRC, file), 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => path.posix.normalize(path.posix.join(path.posix.dirname(file), name)).replace(/\.js$/, '.ts'))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import structure of src/', () => {
  const graph = importGraph();

  it('reads the graph (a sanity check on the reader)', () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get('engine/worker-tasks.ts')).toContain('engine/worker.ts');
  });

  it('has no circle among files', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('has no import from a lower layer to a higher one', () => {
    const upward = [...graph].flatMap(([from, targets]) => targets.filter((to) => layerOf(to) > layerOf(from) && !endorsed(from, to)).map((to) => `${from} -> ${to}`));
    expect(upward).toEqual([]);
  });

  it('keeps the assembly out of the edge: http/ calls only the key look-up of the domain, server/ registers the features', () => {
    const fromEdge = [...graph].flatMap(([from, targets]) => (layerOf(from) === 4 ? targets.filter((to) => layerOf(to) === 3).map((to) => `${from} -> ${to}`) : []));
    expect(fromEdge).toEqual(['http/auth.ts -> auth/api-keys.service.ts']);
    expect(graph.get('server/api.routes.ts')).toContain('leads/leads.routes.ts');
  });

  it('would see an upward arrow or a circle (the checks are not vacuous)', () => {
    const planted = new Map(graph);
    planted.set('db/connect.ts', [...(graph.get('db/connect.ts') ?? []), 'config.ts']);
    planted.set('config.ts', [...(graph.get('config.ts') ?? []), 'db/connect.ts']);
    expect(layerOf('config.ts')).toBeGreaterThan(layerOf('db/connect.ts'));
    expect(circles(planted)).toContainEqual(['config.ts', 'db/connect.ts']);
  });
});

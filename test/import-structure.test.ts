// The import graph of src/ (docs/decisions.md, "Layers and imports"): no circle among files and no
// arrow from a lower layer to a higher one. Imports are read with TypeScript's own pre-processor.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/**
 * The intended layers (shared/design/architecture.md), lowest first. A file's layer comes from
 * its folder, except where a folder holds two roles: a feature's routes and request hooks are its
 * HTTP edge, an engine file sits above the features it drives, and the kernel of workspace/ and
 * the outbox sit below every feature. The console (its API and its sign-in) is an operator of
 * the features; engine/ is the worker loop, which the composition root starts.
 */
export const LAYERS = ['shared', 'db', 'seams', 'kernel', 'features', 'http edge', 'operator and engines', 'composition root'] as const;
type Layer = (typeof LAYERS)[number];

const KERNEL = new Set(['workspace/workspace.repository.ts', 'workspace/workspace.service.ts', 'workspace/workspace.schemas.ts', 'workspace/credits.service.ts', 'webhooks/outbox.ts']);
const SEAMS = new Set(['enrichment/enrichment.provider.ts']);
const FEATURES = ['auth', 'campaigns', 'connections', 'contacts', 'content', 'enrichment', 'inbound', 'ingestion', 'leads', 'outreach', 'privacy', 'snapshot', 'suppression', 'webhooks', 'workspace'];

function layerNameOf(file: string): Layer {
  const area = file.includes('/') ? file.split('/')[0]! : file;
  if (area === 'shared') return 'shared';
  if (area === 'db' || area === 'metrics') return 'db';
  // The CRM seam (its interface, adapters, queue and gate) beside the network's; its sync is an engine.
  if (area === 'crm') return /\.engine\.ts$/.test(file) ? 'operator and engines' : 'seams';
  // The one config declaration describes the store's target (a db type) and is read by the edge.
  if (area === 'network' || area === 'config.ts' || SEAMS.has(file)) return 'seams';
  if (KERNEL.has(file)) return 'kernel';
  if (area === 'operator' || area === 'console' || /\.engine\.ts$/.test(file)) return 'operator and engines';
  if (area === 'http' || (FEATURES.includes(area) && /\.(routes|hooks)\.ts$/.test(file))) return 'http edge';
  if (FEATURES.includes(area)) return 'features';
  return 'composition root';
}

export const layerOf = (file: string): number => LAYERS.indexOf(layerNameOf(file));

/** The composition root: the only files that may name a concrete adapter (a provider's own folder aside). */
const ROOT = (file: string) => layerNameOf(file) === 'composition root';
const ADAPTERS = /^(network\/(sandbox|unipile)|enrichment\/(hunter|dropcontact)|crm\/(hubspot|pipedrive))\//;

/** Imports of a concrete adapter from outside its own folder and outside the composition root. */
function adapterLeaks(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([from, targets]) =>
    targets.filter((to) => ADAPTERS.test(to) && !ROOT(from) && ADAPTERS.exec(to)![0] !== ADAPTERS.exec(from)?.[0]).map((to) => `${from} -> ${to}`),
  );
}

function upwardImports(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([from, targets]) => targets.filter((to) => layerOf(to) > layerOf(from)).map((to) => `${from} -> ${to}`));
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

  it('has no import from a lower layer to a higher one, with no exception', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('lets only the composition root name a concrete provider (sandbox, unipile, hubspot, pipedrive)', () => {
    expect(adapterLeaks(graph)).toEqual([]);
  });

  it('would see an upward arrow, a circle or a concrete provider named outside the root (the checks are not vacuous)', () => {
    const planted = new Map(graph);
    planted.set('db/connect.ts', [...(graph.get('db/connect.ts') ?? []), 'leads/leads.service.ts']);
    planted.set('leads/leads.service.ts', [...(graph.get('leads/leads.service.ts') ?? []), 'db/connect.ts']);
    expect(upwardImports(planted)).toContain('db/connect.ts -> leads/leads.service.ts');
    expect(circles(planted)).toContainEqual(['db/connect.ts', 'leads/leads.service.ts']);
    const leaking = new Map(graph);
    leaking.set('outreach/invite.ts', [...(graph.get('outreach/invite.ts') ?? []), 'network/unipile/unipile.network.ts']);
    expect(adapterLeaks(leaking)).toEqual(['outreach/invite.ts -> network/unipile/unipile.network.ts']);
  });
});

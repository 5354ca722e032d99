// The repository is self-contained: every relative link in the README and in docs/ names a file
// that is in it (and an anchor, when given, a heading of that file), and so does every source,
// test or script file the text names (`src/…/x.ts`): a reader sent to a file finds it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { CLI } from './helpers/cli.js';

const root = CLI.cwd;
const files = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
const anchor = (heading: string) => heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');

it.each(files)('relative links in %s resolve', (file) => {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/i.test(t));
  for (const target of targets) {
    const [name, hash] = target.split('#');
    const resolved = name === '' ? path.join(root, file) : path.resolve(path.dirname(path.join(root, file)), name);
    expect(fs.existsSync(resolved), `${file} → ${target}`).toBe(true);
    if (hash && resolved.endsWith('.md')) {
      const headings = [...fs.readFileSync(resolved, 'utf8').matchAll(/^#+ (.*)$/gm)].map((m) => anchor(m[1]));
      expect(headings, `${file} → ${target}`).toContain(hash);
    }
  }
  expect(text).not.toMatch(/shared\/spec\//);
});

it.each(files)('files named in %s are in the repository', (file) => {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const named = [...text.matchAll(/(?<![\w/.-])((?:src|test|scripts|docs|bin|console|clients)\/[\w./-]*\w\.(?:tsx|ts|mjs|js|json|md|sql))(?![\w])/g)].map((m) => m[1]!);
  expect(named.filter((name) => !fs.existsSync(path.join(root, name)))).toEqual([]);
});

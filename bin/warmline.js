#!/usr/bin/env -S node --max-old-space-size=512 --max-semi-space-size=16
// The heap ceiling is how V8 chooses how far its heap may grow past what is alive: with the default
// (a quarter of the machine's memory, up to 4 GB) it lets the heap reach about 4x the live data before
// collecting, with 512 MB about 1.3-2x. A server walking cold pages (each 40 KB, garbage soon after)
// held 220-320 MB of heap for 70 MB alive, about 120 MB with the ceiling (docs/leads-cold.md). The
// import and every other command stay far under it. The young generation is sized from the same
// ceiling, differently by Node line: 16 MB semi-spaces on Node 20 and 22, 64 MB on Node 24, whose
// server then held 319-338 MB through the cold walk instead of 236-263 MB; set to 16 here, Node 20
// and 22's own value. `node --max-old-space-size=<MB> bin/warmline.js` runs it with another ceiling
// (node does not read this line then).
// The compiled CLI lives in dist/ (built by `npm ci` through the prepare script).
import('../dist/cli/main.js').catch((err) => {
  if (err && err.code === 'ERR_MODULE_NOT_FOUND' && String(err.message).includes('dist/cli/main.js')) {
    console.error('warmline is not built yet: run `npm run build` (npm ci does it for you).');
    process.exit(1);
  }
  throw err;
});

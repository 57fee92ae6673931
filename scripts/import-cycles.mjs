#!/usr/bin/env node
// Lists import cycles among the project's own TypeScript modules (relative imports, `import type`
// excluded: types vanish at runtime). Exit 1 when a cycle is found that is not in KNOWN below.
// Usage: node scripts/import-cycles.mjs [dir…]   (default: background content-scripts sidepanel src)
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';

/** Cycles that exist and are accepted for now, each as its sorted member list joined by ' '. */
const KNOWN = new Set(
  // names.ts is the accname algorithm; name-native/name-embedded/name-fallback are its per-element
  // steps and call back into it for nested text alternatives (accname 1.2 §4.3.2 steps 2C/2E/2F
  // recurse). roles.ts must never join this: it reaches names through AxContext.nameLookup.
  [
    'content-scripts/ax/name-embedded.ts content-scripts/ax/name-fallback.ts content-scripts/ax/name-native.ts content-scripts/ax/names.ts',
  ],
);

const root = process.cwd();
const dirs = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['background', 'content-scripts', 'sidepanel', 'shared'];
const files = [];
const walk = (d) => {
  for (const n of readdirSync(d)) {
    const p = path.join(d, n);
    if (statSync(p).isDirectory()) walk(p);
    else if (/\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n)) files.push(path.relative(root, p));
  }
};
for (const d of dirs) if (existsSync(d)) walk(d);

const resolve = (from, spec) => {
  const base = path.join(path.dirname(from), spec);
  for (const c of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(c)) return c;
  return null;
};
const graph = new Map();
const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'";]*?from\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'/gm;
for (const f of files) {
  const deps = new Set();
  for (const m of readFileSync(f, 'utf8').matchAll(IMPORT)) {
    if (m[2]) continue; // import type / export type
    const r = resolve(f, m[3] ?? m[4]);
    if (r) deps.add(r);
  }
  graph.set(f, deps);
}

// Tarjan's strongly connected components: every component of more than one module is a cycle.
let index = 0;
const idx = new Map(),
  low = new Map(),
  stack = [],
  on = new Set(),
  sccs = [];
const strong = (v) => {
  idx.set(v, index);
  low.set(v, index);
  index++;
  stack.push(v);
  on.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const c = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      c.push(w);
    } while (w !== v);
    if (c.length > 1) sccs.push(c.sort());
  }
};
for (const v of graph.keys()) if (!idx.has(v)) strong(v);

let bad = 0;
for (const c of sccs) {
  const key = c.join(' ');
  const known = KNOWN.has(key);
  if (!known) bad++;
  console.log(`${known ? 'known' : 'CYCLE'}: ${c.join(' <-> ')}`);
}
console.log(`${graph.size} modules, ${sccs.length} cycle(s), ${bad} not accepted`);
process.exit(bad ? 1 : 0);

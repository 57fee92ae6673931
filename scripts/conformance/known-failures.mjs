// The conformance ratchet as a list, not a rate: tests/known-failures/conformance.json names every
// case we are known to fail (case id → reason) and the total number of cases. A rate can rise by
// losing cases (a page that throws used to leave the denominator); a list cannot: a new failure
// fails, a fixed case must be removed from the list, a throwing case is a failure, and the case
// count is pinned.
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';

/** Stable id of one scored case: page, test name, what was asked. */
export function caseId(c) {
  return `${c.file} :: ${c.test} [${c.kind}${c.property ? ` ${c.property}` : ''}]`;
}

/** Failing case ids (scorable cases we got wrong, and every case or page that threw), and the total. */
export function outcome(cases, errors) {
  const scored = cases.filter((c) => !c.unscorable);
  const seen = new Map();
  const unique = (id) => {
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return n === 1 ? id : `${id} #${n}`;
  };
  const failing = new Map();
  for (const c of scored) {
    const id = unique(caseId(c));
    if (!c.pass) failing.set(id, c);
  }
  for (const e of errors) failing.set(unique(`${e.file} :: ${e.test} [threw]`), e);
  return { failing, total: scored.length + errors.length };
}

/** Compares a run with the list; returns the problems (empty when the run matches the list). */
export function compare(list, { failing, total }) {
  const problems = [];
  const known = list.failures ?? {};
  for (const id of failing.keys()) {
    if (!(id in known)) problems.push(`new failure: ${id}`);
  }
  for (const id of Object.keys(known)) {
    if (!failing.has(id)) problems.push(`fixed: remove from list: ${id}`);
    else if (!String(known[id]).trim()) problems.push(`no reason given for ${id}`);
  }
  if (list.total !== total) {
    problems.push(
      `case count changed: the list says ${list.total}, this run scored ${total} (cases that vanish or throw change it; if intended, run npm run conformance -- --update and say why in the commit)`,
    );
  }
  return problems;
}

export async function readList(file) {
  if (!existsSync(file)) return { total: 0, failures: {} };
  return JSON.parse(await readFile(file, 'utf8'));
}

/** Rewrites the list to match the run, keeping the reasons already written; new entries get an empty reason to fill in. */
export async function writeList(file, list, { failing, total }, describe) {
  const failures = {};
  for (const id of [...failing.keys()].sort()) failures[id] = list.failures?.[id] ?? describe(failing.get(id));
  const next = {
    note: 'Known WPT conformance failures (case id → reason). npm run conformance -- --check fails on a new failure, a fixed case still listed, an empty reason, or a changed case count.',
    total,
    failures,
  };
  await writeFile(file, JSON.stringify(next, null, 2) + '\n');
  return next;
}

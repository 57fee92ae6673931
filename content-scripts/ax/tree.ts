/**
 * `generateAccessibilityTree`: the page as the agent reads it. See tree-walk.ts for what is kept,
 * serialize.ts for the text form, paging.ts for snapshots and pages.
 */
import { continuationArgsFor, type TreeOptions } from '../../shared/tree-options';
import type { TreeResult } from '../../shared/tree-contract';
import { err, ok, type Result } from '../../shared/result';
import { qualifyRefsInText } from '../../shared/refs';
import { ariaOwners } from './aria-owns';
import { memoShadowReader } from './flat-tree';
import { scopeRoot } from './scope-root';
import { latestSnapshotFor, paginate, saveSnapshot, snapshotByRevision, type Snapshot } from '../../shared/tree-paging';
import type { RefRegistry } from './ref-registry';
import { pageBase, type Capper } from './render';
import { serialize } from './serialize';
import { createAxContext } from './ax-context';
import { walkTree, type WalkEnv, type WalkHints } from './tree-walk';
import { lowContentNotice } from './low-content';
import { applyOmit, type OmitStats } from './omit';

export type TreeHooks = WalkHints;

/** Everything that shapes a snapshot's text; page and tree_revision only pick a slice of it. */
function snapshotKey(o: TreeOptions): string {
  return JSON.stringify([
    o.filter,
    o.maxDepth,
    o.maxChars,
    o.ref_id ?? null,
    o.testIdAttributes,
    o.maxTextChars,
    o.frameRef ?? null,
    o.omit,
  ]);
}

function now(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}

export function generateAccessibilityTree(
  doc: Document,
  options: TreeOptions,
  registry: RefRegistry,
  hooks: TreeHooks = {},
): Result<TreeResult> {
  if (options.page > 1) return continuePage(options, registry);
  const started = now();
  // Dead entries go first so refs of departed elements miss (with nearby suggestions) from now on.
  registry.sweep();

  const scope = scopeRoot(doc, options.ref_id, registry);
  if (!scope.ok) return scope;
  const root = scope.data;

  const capper: Capper = { limit: options.maxTextChars, cut: 0 };
  // One reader for the build: the walk and the pseudo-element filter ask about the same hosts.
  const shadowRootOf = hooks.shadowRootOf ? memoShadowReader(hooks.shadowRootOf) : undefined;
  const ctx = createAxContext(doc, shadowRootOf);
  const env: WalkEnv = {
    ctx,
    registry,
    hints: shadowRootOf ? { ...hooks, shadowRootOf } : hooks,
    maxDepth: options.maxDepth,
    testIdAttributes: options.testIdAttributes,
    base: pageBase(doc.baseURI),
    capper,
    hoist: options.ref_id === undefined,
    viewportOnly: options.filter === 'visible',
    overlays: [],
    anchor: options.ref_id !== undefined ? root : null,
    fullSelect: options.ref_id !== undefined && root.localName === 'select' ? root : null,
    popupTargets: new Map(),
    usedMaps: new Set(),
    owners: ariaOwners(ctx),
    stats: { elements: 0, depthCuts: 0, optionsCut: 0 },
  };
  const top = walkTree(root, env);
  const omitted = applyOmit(top, env.overlays, options.omit, options.testIdAttributes);
  const serialized = serialize(top, env.overlays, options.filter, options.maxDepth, registry);
  const { refCount } = serialized;
  const frameRef = options.frameRef;
  const lines =
    frameRef === undefined ? serialized.lines : serialized.lines.map((line) => qualifyRefsInText(line, frameRef));
  if (lines.length === 0) lines.push(emptyNote(options));
  const pages = paginate(lines, options.maxChars);
  const notices = degradationNotices(env, options);
  const info = infoNotices(doc, options, omitted, refCount, lines.length, env.stats.elements);
  let totalChars = 0;
  for (const line of lines) totalChars += line.length + 1;
  const snapshot = saveSnapshot(registry, snapshotKey(options), pages, {
    url: doc.URL,
    title: doc.title,
    refCount,
    nodeCount: lines.length,
    elementCount: env.stats.elements,
    totalChars: Math.max(0, totalChars - 1),
    buildMs: Math.round((now() - started) * 10) / 10,
    autoDegraded: notices.length > 0,
    notice: notices.length + info.length > 0 ? [...notices, ...info].join(' ') : undefined,
  });
  return ok(pageOf(snapshot, 1, options, true));
}

function emptyNote(o: TreeOptions): string {
  if (o.filter === 'visible') return '(nothing rendered in the viewport: scroll, or read with filter "all")';
  if (o.filter === 'interactive') return '(no interactive elements: read with filter "all" for the content)';
  return '(empty: nothing rendered here)';
}

/** Notes that are not degradations: what `omit` dropped, and the low-content warning. */
function infoNotices(
  doc: Document,
  o: TreeOptions,
  omitted: OmitStats,
  refCount: number,
  lineCount: number,
  elements: number,
): string[] {
  const out: string[] = [];
  if (o.omit.length > 0) {
    out.push(`omit matched ${omitted.subtrees} subtree(s), ${omitted.nodes} node(s) total, left out of this tree.`);
  }
  const low =
    o.ref_id === undefined && o.filter === 'all' ? lowContentNotice(doc, refCount, lineCount, elements) : null;
  if (low) out.push(low);
  return out;
}

function degradationNotices(env: WalkEnv, o: TreeOptions): string[] {
  const out: string[] = [];
  if (env.stats.depthCuts > 0) {
    out.push(
      `maxDepth ${o.maxDepth} hid ${env.stats.depthCuts} nested node(s) (see the "… below maxDepth" lines): ` +
        'read them with that ref_id or a larger maxDepth.',
    );
  }
  if (env.capper.cut > 0) {
    out.push(
      `${env.capper.cut} long text(s) were cut at ${o.maxTextChars} characters (ending in "…"): ` +
        `pass maxTextChars: 0 (or more than ${o.maxTextChars}) to read them whole.`,
    );
  }
  if (env.stats.optionsCut > 0) {
    out.push(`${env.stats.optionsCut} long select list(s) show their first options only: read one with its ref_id.`);
  }
  return out;
}

function pageOf(snapshot: Snapshot, page: number, options: TreeOptions, fresh: boolean): TreeResult {
  const totalPages = snapshot.pages.length;
  const hasMore = page < totalPages;
  const m = snapshot.meta;
  const result: TreeResult = {
    tree: snapshot.pages[page - 1] ?? '',
    url: m.url,
    title: m.title,
    truncated: totalPages > 1,
    hasMore,
    page,
    totalPages,
    tree_revision: snapshot.revision,
    continuationArgs: hasMore ? continuationArgsFor(options, page + 1, snapshot.revision) : null,
    autoDegraded: m.autoDegraded,
    stats: {
      refCount: m.refCount,
      nodeCount: m.nodeCount,
      elementCount: m.elementCount,
      totalChars: m.totalChars,
      buildMs: fresh ? m.buildMs : 0,
    },
  };
  if (m.notice !== undefined) result.notice = m.notice;
  return result;
}

/** Pages 2+ come from the snapshot page 1 made, never from a new walk. */
function continuePage(options: TreeOptions, registry: RefRegistry): Result<TreeResult> {
  const key = snapshotKey(options);
  const restart = 'Restart at page 1 (omit page and tree_revision) to take a fresh snapshot.';
  if (options.tree_revision === undefined) {
    const last = latestSnapshotFor(registry, key);
    const hint =
      last && options.page <= last.pages.length
        ? ` The latest snapshot with these arguments is tree_revision "${last.revision}"; to continue it pass ${JSON.stringify(continuationArgsFor(options, options.page, last.revision))}.`
        : '';
    return err(
      'tree_revision_required',
      `page ${options.page} needs the tree_revision that page 1 returned.${hint} ${restart}`,
    );
  }
  const snapshot = snapshotByRevision(registry, options.tree_revision);
  if (!snapshot) {
    return err(
      'stale_tree_revision',
      `tree_revision "${options.tree_revision}" is no longer kept for this page ` +
        '(a newer read with the same arguments replaced it, several other reads came between, or the page reloaded). ' +
        restart,
    );
  }
  if (snapshot.key !== key) {
    return err(
      'continuation_mismatch',
      `page ${options.page} must use the same filter, maxDepth, maxChars, ref_id, testIdAttributes, maxTextChars and omit as page 1 ` +
        `of snapshot "${snapshot.revision}": pass continuationArgs exactly as returned. ${restart}`,
    );
  }
  if (options.page > snapshot.pages.length) {
    return err(
      'page_out_of_range',
      `page ${options.page} does not exist: snapshot "${snapshot.revision}" has ${snapshot.pages.length} page(s).`,
    );
  }
  return ok(pageOf(snapshot, options.page, options, false));
}

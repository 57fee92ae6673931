/**
 * Page-side shadow-DOM introspection for `get_shadow_dom` and for binding CDP query results to refs.
 * Closed roots are read with chrome.dom.openOrClosedShadowRoot (see shadow-roots.ts), so controls
 * behind them get ordinary refs that click_ax/type_ax can use.
 */
import * as z from 'zod/mini';
import { err, ok, type Result } from '../../shared/result';
import { REF_PATTERN } from '../../shared/refs';
import { getAxApi } from '../ax/api';
import { getRefRegistry } from '../ax/ref-registry';
import { composedPath, elementAtPath, shadowModeOf, shadowRootOf, walkComposed, type ShadowMode } from './shadow-roots';
import { INTERACTIVE_ROLES } from '../ax/clickable';
import { sliceSafe, squish } from '../../shared/text';

const ShadowHostsArgsSchema = z.strictObject({
  ref_id: z.optional(z.string().check(z.regex(REF_PATTERN))),
  maxHosts: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(1000))),
});

const ShadowBindArgsSchema = z.strictObject({
  paths: z.array(z.string().check(z.maxLength(2000))).check(z.maxLength(200)),
});

interface ShadowChild {
  tag: string;
  text: string;
  childCount: number;
}

interface ShadowControl {
  ref: string;
  role: string;
  name: string;
}

export interface ShadowHost {
  ref: string;
  tag: string;
  mode: ShadowMode;
  /** How many shadow roots enclose the host (0: in the light DOM). */
  nesting: number;
  path: string;
  children: ShadowChild[];
  descendantCount: number;
  /** Operable elements inside this root (not in nested roots, which are listed as hosts of their own). */
  controls: ShadowControl[];
}

const CONTROL_SELECTOR =
  'button, input:not([type=hidden]), select, textarea, a[href], [role], [tabindex], [contenteditable=""], [contenteditable=true]';
const MAX_CHILDREN = 12;
const MAX_CONTROLS = 20;

function describeBrief(el: Element): { role: string; name: string } {
  const d = getAxApi(globalThis)?.describe(el);
  return d?.ok ? { role: d.data.role, name: d.data.name.slice(0, 80) } : { role: el.localName, name: '' };
}

function nestingOf(el: Element): number {
  let n = 0;
  let root = el.getRootNode();
  while (root instanceof ShadowRoot) {
    n++;
    root = root.host.getRootNode();
  }
  return n;
}

function summarize(root: ShadowRoot): { children: ShadowChild[]; descendantCount: number; controls: ShadowControl[] } {
  const children: ShadowChild[] = [];
  for (const child of Array.from(root.children)) {
    if (child.localName === 'style' || child.localName === 'script' || child.localName === 'link') continue;
    if (children.length >= MAX_CHILDREN) break;
    children.push({
      tag: child.localName,
      text: sliceSafe(squish(child.textContent ?? ''), 60),
      childCount: child.children.length,
    });
  }
  const registry = getRefRegistry(globalThis);
  const controls: ShadowControl[] = [];
  const all = root.querySelectorAll('*');
  for (const el of Array.from(root.querySelectorAll(CONTROL_SELECTOR))) {
    if (controls.length >= MAX_CONTROLS) break;
    const brief = describeBrief(el);
    if (!INTERACTIVE_ROLES.has(brief.role)) continue;
    controls.push({ ref: registry.refFor(el), ...brief });
  }
  return { children, descendantCount: all.length, controls };
}

export function collectShadowHosts(
  doc: Document,
  raw: unknown,
): Result<{ hosts: ShadowHost[]; total: number; startPath: string; cappedAt?: number }> {
  const args = ShadowHostsArgsSchema.safeParse(raw ?? {});
  if (!args.success) return err('bad_arguments', 'get_shadow_dom takes {ref_id?: "ref_N", maxHosts?: 1..1000}');
  const registry = getRefRegistry(globalThis);
  let startEl: Element | null = null;
  if (args.data.ref_id !== undefined) {
    const resolved = registry.resolve(args.data.ref_id);
    if (!resolved.ok) return resolved;
    startEl = resolved.data;
  }
  const start: Element | Document = startEl ?? doc;
  const maxHosts = args.data.maxHosts ?? 200;
  const hosts: ShadowHost[] = [];
  let total = 0;
  for (const el of walkComposed(start)) {
    const root = shadowRootOf(el);
    if (!root) continue;
    total++;
    if (hosts.length >= maxHosts) continue;
    hosts.push({
      ref: registry.refFor(el),
      tag: el.localName,
      mode: shadowModeOf(el, root),
      nesting: nestingOf(el),
      path: composedPath(el),
      ...summarize(root),
    });
  }
  return ok({
    hosts,
    total,
    startPath: startEl ? composedPath(startEl) : '',
    ...(total > maxHosts ? { cappedAt: maxHosts } : {}),
  });
}

export interface BoundPath {
  path: string;
  ref: string | null;
  role: string;
  name: string;
}

/** Refs for elements named by composed path (from a CDP pierce query); null where the page changed. */
export function bindPaths(doc: Document, raw: unknown): Result<BoundPath[]> {
  const args = ShadowBindArgsSchema.safeParse(raw ?? {});
  if (!args.success) return err('bad_arguments', 'shadow_bind takes {paths: string[]}');
  const registry = getRefRegistry(globalThis);
  return ok(
    args.data.paths.map((path) => {
      const el = elementAtPath(doc, path);
      if (!el) return { path, ref: null, role: '', name: '' };
      return { path, ref: registry.refFor(el), ...describeBrief(el) };
    }),
  );
}

/**
 * The ref registry: `ref_N` handles that name one element for as long as it lives.
 *
 * A ref is bound to an element, never to a position (see uitree-uid-binding): a surviving element
 * keeps its ref in every later tree, and a departed element's ref is retired for good, so a remembered
 * ref either resolves to the very element the model saw or misses loudly. Numbers come from a
 * monotonic counter and are never reused, even after `release`.
 *
 * Refs never outlive their document (issue 10, item 6). Each document starts its counter above every
 * ref already issued in its tab: the service worker keeps that floor per tab (background/frames/
 * ref-floor.ts), sends it with every request (`raiseFloor`) and reads back `high()` from every reply.
 * So a number this document did not mint can never name one of its elements, and `resolve` tells a
 * ref from a previous document (reloaded, navigated, or bfcache-swapped) apart from one whose element
 * merely left: the ranges this document minted are kept (`__wbRefRanges`).
 *
 * The state lives on a scope object (globalThis by default) rather than in module variables, because
 * the tree builder and the action handlers are two separate IIFE bundles in the same isolated world:
 * each bundle has its own copy of this module, but both must see one registry.
 */
import { err, ok, type Result } from '../../shared/result';
import { formatRef } from '../../shared/refs';
import { parseRefNumber } from '../../shared/refs';

export interface RefRegistry {
  /** The element's existing ref while it is live, else a freshly minted `ref_N`. */
  refFor(el: Element): string;
  /** The element's ref if it has one, without minting. */
  peek(el: Element): string | undefined;
  /** The live element for a ref; null if unknown, collected, or no longer in the document. */
  lookup(ref: string): Element | null;
  /** Like lookup, with an actionable error the model can read. */
  resolve(ref: string): Result<Element>;
  /** Up to n (default 5) still-live refs whose numbers are closest to the given ref's. */
  nearby(ref: string, n?: number): string[];
  /** Drops one ref, or every ref when none is given; returns how many were dropped. */
  release(ref?: string): number;
  /** Drops entries whose element was collected or has left the document; returns how many. */
  sweep(): number;
  size(): number;
  /**
   * Makes every later mint exceed `floor` (the highest number ever issued in this tab, from the
   * worker). Never lowers the counter; returns the counter after.
   */
  raiseFloor(floor: number): number;
  /** The highest number this registry knows to be issued (its own mints or a floor it was given). */
  high(): number;
  /** True when this document minted the ref's number (whether or not its element is still live). */
  mintedHere(ref: string): boolean;
}

/** The refs this document minted, as inclusive [first, last] number ranges in minting order. */
type RefRanges = [number, number][];

type ElementMap = Record<string, WeakRef<Element>>;

/** The fields a scope carries; declared so we can read them back without casts. */
interface RegistryScope {
  __wbElementMap?: unknown;
  __wbRefCounter?: unknown;
  __wbRefOf?: unknown;
  __wbRefRanges?: unknown;
  __wbRegistry?: unknown;
}

function isElementMap(v: unknown): v is ElementMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isRefOf(v: unknown): v is WeakMap<Element, string> {
  return v instanceof WeakMap;
}

function isRanges(v: unknown): v is RefRanges {
  return (
    Array.isArray(v) &&
    v.every((r) => Array.isArray(r) && r.length === 2 && Number.isSafeInteger(r[0]) && Number.isSafeInteger(r[1]))
  );
}

function isRegistry(v: unknown): v is RefRegistry {
  return (
    typeof v === 'object' &&
    v !== null &&
    'refFor' in v &&
    typeof v.refFor === 'function' &&
    'resolve' in v &&
    typeof v.resolve === 'function' &&
    'raiseFloor' in v &&
    typeof v.raiseFloor === 'function'
  );
}

/**
 * The one registry for this scope. The first bundle to ask creates the state; later callers (the
 * other bundle, or a re-injected copy) get the same object back.
 */
export function getRefRegistry(scope: object = globalThis): RefRegistry {
  const s: RegistryScope = scope;
  if (isRegistry(s.__wbRegistry)) return s.__wbRegistry;
  const registry = createRegistry(s);
  // Non-enumerable: the registry object is an implementation detail; the debug API exposes the map.
  Object.defineProperty(scope, '__wbRegistry', { value: registry, configurable: true, writable: true });
  return registry;
}

/**
 * Each operation below takes the scope and re-reads its state on every call: someone may have replaced
 * the map from the console, and the other bundle shares the same scope.
 */
function initScope(s: RegistryScope): void {
  // The element map is kept as a plain prototype-less object so `window.__wbElementMap` reads well in
  // DevTools and a ref like "constructor" can never hit Object.prototype.
  if (!isElementMap(s.__wbElementMap)) s.__wbElementMap = Object.create(null);
  if (typeof s.__wbRefCounter !== 'number' || !Number.isSafeInteger(s.__wbRefCounter)) s.__wbRefCounter = 0;
  if (!isRefOf(s.__wbRefOf)) s.__wbRefOf = new WeakMap<Element, string>();
  // State left by an older copy without ranges: everything it counted was minted here.
  const inherited = typeof s.__wbRefCounter === 'number' ? s.__wbRefCounter : 0;
  if (!isRanges(s.__wbRefRanges)) s.__wbRefRanges = inherited > 0 ? [[1, inherited]] : [];
}

function mapOf(s: RegistryScope): ElementMap {
  if (!isElementMap(s.__wbElementMap)) s.__wbElementMap = Object.create(null);
  return isElementMap(s.__wbElementMap) ? s.__wbElementMap : Object.create(null);
}

function refOfMap(s: RegistryScope): WeakMap<Element, string> {
  if (!isRefOf(s.__wbRefOf)) s.__wbRefOf = new WeakMap<Element, string>();
  return isRefOf(s.__wbRefOf) ? s.__wbRefOf : new WeakMap<Element, string>();
}

function rangesOf(s: RegistryScope): RefRanges {
  if (!isRanges(s.__wbRefRanges)) s.__wbRefRanges = [];
  return isRanges(s.__wbRefRanges) ? s.__wbRefRanges : [];
}

function counterOf(s: RegistryScope): number {
  return typeof s.__wbRefCounter === 'number' && Number.isSafeInteger(s.__wbRefCounter) ? s.__wbRefCounter : 0;
}

function nextNumber(s: RegistryScope): number {
  const n = counterOf(s) + 1;
  s.__wbRefCounter = n;
  const all = rangesOf(s);
  const last = all[all.length - 1];
  if (last && last[1] === n - 1) last[1] = n;
  else all.push([n, n]);
  return n;
}

function mintedHere(s: RegistryScope, ref: string): boolean {
  const n = parseRefNumber(ref);
  return n !== null && rangesOf(s).some(([lo, hi]) => n >= lo && n <= hi);
}

function raiseFloor(s: RegistryScope, floor: number): number {
  if (Number.isSafeInteger(floor) && floor > counterOf(s)) s.__wbRefCounter = floor;
  return counterOf(s);
}

function liveElement(s: RegistryScope, ref: string): Element | null {
  const el = mapOf(s)[ref]?.deref();
  return el && el.isConnected ? el : null;
}

function peek(s: RegistryScope, el: Element): string | undefined {
  const known = refOfMap(s).get(el);
  // The WeakMap entry can outlive a release (release only drops the map side), so confirm the map
  // still binds this ref to this very element before reusing it.
  return known !== undefined && mapOf(s)[known]?.deref() === el ? known : undefined;
}

function refFor(s: RegistryScope, el: Element): string {
  const known = peek(s, el);
  if (known !== undefined) return known;
  const ref = formatRef(nextNumber(s));
  mapOf(s)[ref] = new WeakRef(el);
  refOfMap(s).set(el, ref);
  return ref;
}

function nearby(s: RegistryScope, ref: string, n = 5): string[] {
  const target = parseRefNumber(ref) ?? 0;
  const candidates: { ref: string; distance: number; num: number }[] = [];
  const m = mapOf(s);
  for (const key in m) {
    if (key === ref) continue;
    const num = parseRefNumber(key);
    if (num === null || !liveElement(s, key)) continue;
    candidates.push({ ref: key, distance: Math.abs(num - target), num });
  }
  candidates.sort((a, b) => a.distance - b.distance || a.num - b.num);
  return candidates
    .slice(0, Math.max(0, n))
    .sort((a, b) => a.num - b.num)
    .map((c) => c.ref);
}

/** Why a well-formed ref does not resolve here, in words the model can act on. */
function missError(s: RegistryScope, ref: string): Result<Element> {
  const num = parseRefNumber(ref) ?? 0;
  if (!mintedHere(s, ref) && num <= counterOf(s)) {
    // Issued in this tab, but by another document: the page reloaded or navigated since the tree
    // was read (or a back/forward cache swap brought an older document back).
    return err(
      'stale_ref',
      `${ref} is from a previous page (the page reloaded or navigated): re-read the tree with get_accessibility_tree`,
    );
  }
  if (num > counterOf(s)) {
    return err(
      'ref_not_found',
      `${ref} was never issued on this page (refs are only those printed by the tree tools); re-read the tree with get_accessibility_tree`,
    );
  }
  const near = nearby(s, ref);
  const hint = near.length > 0 ? `; nearby refs: ${near.join(', ')}` : '; no other refs are live';
  return err(
    'ref_not_found',
    `${ref} not found: the element left the page${hint}; re-read the tree with get_accessibility_tree`,
  );
}

function resolve(s: RegistryScope, ref: string): Result<Element> {
  if (typeof ref !== 'string' || parseRefNumber(ref) === null) {
    const shown = typeof ref === 'string' ? JSON.stringify(ref.slice(0, 40)) : typeof ref;
    return err(
      'bad_ref',
      `${shown} is not a ref: refs look like "ref_12", exactly as printed in [brackets] by get_accessibility_tree`,
    );
  }
  const el = liveElement(s, ref);
  return el ? ok(el) : missError(s, ref);
}

function release(s: RegistryScope, ref?: string): number {
  const m = mapOf(s);
  if (ref === undefined) {
    let count = 0;
    for (const key in m) {
      Reflect.deleteProperty(m, key);
      count++;
    }
    return count;
  }
  if (!(ref in m)) return 0;
  Reflect.deleteProperty(m, ref);
  return 1;
}

function sweep(s: RegistryScope): number {
  const m = mapOf(s);
  let count = 0;
  for (const key in m) {
    const el = m[key]?.deref();
    // A disconnected element may be re-inserted later (a moved node), but the ref must not dangle
    // meanwhile, and a later refFor would mint a new number anyway: retiring it keeps both rules.
    if (!el || !el.isConnected) {
      Reflect.deleteProperty(m, key);
      count++;
    }
  }
  return count;
}

function createRegistry(s: RegistryScope): RefRegistry {
  initScope(s);
  return {
    refFor: (el) => refFor(s, el),
    peek: (el) => peek(s, el),
    lookup: (ref) => (typeof ref === 'string' ? liveElement(s, ref) : null),
    resolve: (ref) => resolve(s, ref),
    nearby: (ref, n) => nearby(s, ref, n),
    release: (ref) => release(s, ref),
    sweep: () => sweep(s),
    size: () => Object.keys(mapOf(s)).length,
    raiseFloor: (floor) => raiseFloor(s, floor),
    high: () => counterOf(s),
    mintedHere: (ref) => mintedHere(s, ref),
  };
}

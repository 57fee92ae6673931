/**
 * The ref registry: `ref_N` handles that name one element for as long as it lives.
 *
 * A ref is bound to an element, never to a position (see uitree-uid-binding): a surviving element
 * keeps its ref in every later tree, and a departed element's ref is retired for good, so a remembered
 * ref either resolves to the very element the model saw or misses loudly. Numbers come from a
 * monotonic counter and are never reused, even after `release`.
 *
 * The state lives on a scope object (globalThis by default) rather than in module variables, because
 * the tree builder and the action handlers are two separate IIFE bundles in the same isolated world:
 * each bundle has its own copy of this module, but both must see one registry.
 */
import { err, ok, type Result } from '../../src/result';

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
}

type ElementMap = Record<string, WeakRef<Element>>;

/** The fields a scope carries; declared so we can read them back without casts. */
interface RegistryScope {
  __wbElementMap?: unknown;
  __wbRefCounter?: unknown;
  __wbRefOf?: unknown;
  __wbRegistry?: unknown;
}

const REF_PATTERN = /^ref_([1-9]\d{0,15})$/;

export function parseRefNumber(ref: string): number | null {
  const m = REF_PATTERN.exec(ref);
  return m && m[1] ? Number(m[1]) : null;
}

function isElementMap(v: unknown): v is ElementMap {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isRefOf(v: unknown): v is WeakMap<Element, string> {
  return v instanceof WeakMap;
}

function isRegistry(v: unknown): v is RefRegistry {
  return (
    typeof v === 'object' &&
    v !== null &&
    'refFor' in v &&
    typeof v.refFor === 'function' &&
    'resolve' in v &&
    typeof v.resolve === 'function'
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

function createRegistry(s: RegistryScope): RefRegistry {
  // The element map is kept as a plain prototype-less object so `window.__wbElementMap` reads well in
  // DevTools and a ref like "constructor" can never hit Object.prototype.
  if (!isElementMap(s.__wbElementMap)) s.__wbElementMap = Object.create(null);
  if (typeof s.__wbRefCounter !== 'number' || !Number.isSafeInteger(s.__wbRefCounter)) s.__wbRefCounter = 0;
  if (!isRefOf(s.__wbRefOf)) s.__wbRefOf = new WeakMap<Element, string>();

  // Re-read from the scope on every call: someone may have replaced the map from the console.
  const map = (): ElementMap => {
    if (!isElementMap(s.__wbElementMap)) s.__wbElementMap = Object.create(null);
    return isElementMap(s.__wbElementMap) ? s.__wbElementMap : Object.create(null);
  };
  const refOf = (): WeakMap<Element, string> => {
    if (!isRefOf(s.__wbRefOf)) s.__wbRefOf = new WeakMap<Element, string>();
    return isRefOf(s.__wbRefOf) ? s.__wbRefOf : new WeakMap<Element, string>();
  };
  const nextNumber = (): number => {
    const current = typeof s.__wbRefCounter === 'number' ? s.__wbRefCounter : 0;
    s.__wbRefCounter = current + 1;
    return current + 1;
  };

  const liveElement = (ref: string): Element | null => {
    const el = map()[ref]?.deref();
    return el && el.isConnected ? el : null;
  };

  const refFor = (el: Element): string => {
    const known = refOf().get(el);
    // The WeakMap entry can outlive a release (release only drops the map side), so confirm the map
    // still binds this ref to this very element before reusing it.
    if (known !== undefined && map()[known]?.deref() === el) return known;
    const ref = `ref_${nextNumber()}`;
    map()[ref] = new WeakRef(el);
    refOf().set(el, ref);
    return ref;
  };

  const peek = (el: Element): string | undefined => {
    const known = refOf().get(el);
    return known !== undefined && map()[known]?.deref() === el ? known : undefined;
  };

  const nearby = (ref: string, n = 5): string[] => {
    const target = parseRefNumber(ref) ?? 0;
    const candidates: { ref: string; distance: number; num: number }[] = [];
    const m = map();
    for (const key in m) {
      if (key === ref) continue;
      const num = parseRefNumber(key);
      if (num === null || !liveElement(key)) continue;
      candidates.push({ ref: key, distance: Math.abs(num - target), num });
    }
    candidates.sort((a, b) => a.distance - b.distance || a.num - b.num);
    return candidates
      .slice(0, Math.max(0, n))
      .sort((a, b) => a.num - b.num)
      .map((c) => c.ref);
  };

  const resolve = (ref: string): Result<Element> => {
    if (typeof ref !== 'string' || parseRefNumber(ref) === null) {
      const shown = typeof ref === 'string' ? JSON.stringify(ref.slice(0, 40)) : typeof ref;
      return err(
        'bad_ref',
        `${shown} is not a ref: refs look like "ref_12", exactly as printed in [brackets] by get_accessibility_tree`,
      );
    }
    const el = liveElement(ref);
    if (el) return ok(el);
    const near = nearby(ref);
    const hint = near.length > 0 ? `; nearby refs: ${near.join(', ')}` : '; no other refs are live';
    return err(
      'ref_not_found',
      `${ref} not found: the element left the page${hint}; re-read the tree with get_accessibility_tree`,
    );
  };

  const release = (ref?: string): number => {
    const m = map();
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
  };

  const sweep = (): number => {
    const m = map();
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
  };

  const size = (): number => Object.keys(map()).length;

  return {
    refFor,
    peek,
    lookup: (ref) => (typeof ref === 'string' ? liveElement(ref) : null),
    resolve,
    nearby,
    release,
    sweep,
    size,
  };
}

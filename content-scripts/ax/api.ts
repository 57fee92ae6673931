/**
 * `globalThis.__wbAx`: how the handler bundle (content.ts) and people in DevTools reach the tree
 * builder. Both bundles run in the same isolated world, so the object is shared through the global;
 * `getAxApi` checks its shape instead of trusting it.
 */
import type { FindOptions, FindPageResult, TextSearchOptions, TextSearchPageResult } from '../../shared/find-contract';
import type { TreeResult } from '../../shared/tree-contract';
import type { TreeOptions } from '../../shared/tree-options';
import { err, ok, type Result } from '../../shared/result';
import { describeElement } from './describe';
import type { AxStates } from './states';
import { getRefRegistry, type RefRegistry } from './ref-registry';
import { generateAccessibilityTree, type TreeHooks } from './tree';
import { findElements } from '../find/find';
import { searchText } from '../find/text-search';
import { targetPlace, type TargetPlace } from '../find/target-place';

interface AxExplanation {
  role: string;
  name: string;
  value: string | undefined;
  states: AxStates;
  description: string | undefined;
  /** The element's ref if it has one (describing never mints a ref). */
  ref: string | null;
}

export interface WbAxApi {
  version: 1;
  /**
   * Options arrive already validated and defaulted (`parseTreeArgs` in the handler bundle): the
   * tree bundle carries no schema library, which keeps it small.
   */
  generate(options: TreeOptions): Result<TreeResult>;
  describe(elOrRef: unknown): Result<AxExplanation>;
  /** `find` and `text_search` (content-scripts/find/): options validated by the handler bundle. */
  find(options: FindOptions): Result<FindPageResult>;
  textSearch(options: TextSearchOptions): Result<TextSearchPageResult>;
  /** Where a ref's element sits (role, name, collection, heading, landmark): workflows record it. */
  place(ref: string): Result<TargetPlace>;
  registry: RefRegistry;
}

const API_KEY = '__wbAx';

export function getAxApi(scope: object): WbAxApi | null {
  const api: unknown = Reflect.get(scope, API_KEY);
  return isWbAxApi(api) ? api : null;
}

function isWbAxApi(v: unknown): v is WbAxApi {
  return (
    typeof v === 'object' &&
    v !== null &&
    'version' in v &&
    v.version === 1 &&
    'generate' in v &&
    typeof v.generate === 'function' &&
    'describe' in v &&
    typeof v.describe === 'function' &&
    'find' in v &&
    typeof v.find === 'function' &&
    'textSearch' in v &&
    typeof v.textSearch === 'function' &&
    'place' in v &&
    typeof v.place === 'function' &&
    'registry' in v &&
    typeof v.registry === 'object' &&
    v.registry !== null
  );
}

function isElementNode(v: unknown): v is Element {
  return typeof v === 'object' && v !== null && 'nodeType' in v && v.nodeType === 1 && 'localName' in v;
}

function createAxApi(doc: Document, scope: object, hooks: TreeHooks = {}): WbAxApi {
  const registry = getRefRegistry(scope);
  return {
    version: 1,
    registry,
    generate(options) {
      return generateAccessibilityTree(doc, options, registry, hooks);
    },
    find(options) {
      return findElements(doc, options, registry, hooks);
    },
    textSearch(options) {
      return searchText(doc, options, registry, hooks);
    },
    place(ref) {
      const resolved = registry.resolve(ref);
      return resolved.ok ? ok(targetPlace(resolved.data)) : resolved;
    },
    describe(elOrRef) {
      let el: Element;
      if (typeof elOrRef === 'string') {
        const resolved = registry.resolve(elOrRef);
        if (!resolved.ok) return resolved;
        el = resolved.data;
      } else if (isElementNode(elOrRef)) {
        el = elOrRef;
      } else {
        return err('bad_argument', 'describe takes an Element or a ref string such as "ref_12"');
      }
      const d = describeElement(el);
      return ok({
        role: d.role,
        name: d.name,
        value: d.value,
        states: d.states,
        description: d.description,
        ref: registry.peek(el) ?? null,
      });
    },
  };
}

/**
 * Installs `__wbAx` and the console helpers once per world. A second injection of the bundle
 * (manifest + executeScript) finds the first one and leaves it alone, so refs stay bound.
 */
export function installAxApi(scope: object, doc: Document, hooks: TreeHooks = {}): WbAxApi {
  const existing = getAxApi(scope);
  if (existing) return existing;
  const api = createAxApi(doc, scope, hooks);
  const define = (key: string, value: unknown): void => {
    Object.defineProperty(scope, key, { value, configurable: true, writable: false, enumerable: false });
  };
  define(API_KEY, api);
  define('__wb_ax_lookup', (ref: unknown) => (typeof ref === 'string' ? api.registry.lookup(ref) : null));
  define('__wb_ax_release', (ref?: unknown) => api.registry.release(typeof ref === 'string' ? ref : undefined));
  define('__wb_ax_describe', (elOrRef: unknown) => {
    const r = api.describe(elOrRef);
    return r.ok ? r.data : r.error;
  });
  return api;
}

/**
 * `globalThis.__wbActions`: the page actions, injected into a frame on its first action rather than
 * into every frame of every page (most frames are only ever read, and the action code is the larger
 * half of the page code). The handler script (content.ts) parses arguments with zod before they
 * cross over, so this bundle carries no schema library; both bundles share the isolated world.
 */
import type { ActionArgsMap, ActionName } from '../../shared/tools/actions';
import type { Result } from '../../shared/result';

export type ActionHandlers = {
  [K in ActionName]: (args: ActionArgsMap[K], doc: Document) => Promise<Result<unknown>> | Result<unknown>;
};

export interface WbActionsApi {
  version: 1;
  handlers: ActionHandlers;
}

const API_KEY = '__wbActions';

export function getActionsApi(scope: object): WbActionsApi | null {
  const api: unknown = Reflect.get(scope, API_KEY);
  return isActionsApi(api) ? api : null;
}

function isActionsApi(v: unknown): v is WbActionsApi {
  return (
    typeof v === 'object' &&
    v !== null &&
    'version' in v &&
    v.version === 1 &&
    'handlers' in v &&
    typeof v.handlers === 'object' &&
    v.handlers !== null
  );
}

/** Installs the API once per world; a second injection keeps the first (armed observations live there). */
export function installActionsApi(scope: object, handlers: ActionHandlers): WbActionsApi {
  const existing = getActionsApi(scope);
  if (existing) return existing;
  const api: WbActionsApi = { version: 1, handlers };
  Object.defineProperty(scope, API_KEY, { value: api, configurable: true, writable: false, enumerable: false });
  return api;
}

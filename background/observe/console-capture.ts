/**
 * Reads a tab's console, including what was logged before anyone asked: Chrome keeps a page's console
 * messages and uncaught exceptions (V8's console message storage, Blink's for Log entries) and replays
 * them to a client that enables the Runtime and Log domains, the way DevTools shows earlier messages
 * when opened late. So we attach the debugger on demand, enable, collect the replay, disable and
 * detach: nothing is injected into the page, and no debugger stays attached.
 *
 * Only the page's own worlds count: messages from isolated worlds (our content scripts, other
 * extensions) are not the page's console. A tab held by DevTools or another debugger answers
 * `cdp_busy` from the CDP client, never an empty list.
 */
import { err, ok, type Result } from '../../shared/result';
import { on, withSession } from '../cdp/cdp-client';
import {
  ConsoleApiCalled,
  ContextCreated,
  ExceptionThrown,
  fromConsoleApi,
  fromException,
  fromLogEntry,
  LogEntryAdded,
  type ConsoleEntry,
} from './console-format';
import { sleep } from '../../shared/timeout';

/** Execution contexts of the page's own (default) worlds: context id → CDP frame id. */
type PageContexts = Map<number, string>;

export interface ConsoleCapture {
  entries: ConsoleEntry[];
  contexts: PageContexts;
  /** CDP frame id of the main frame. */
  mainFrame: string | undefined;
  /** CDP frame tree as (frame id, url, parent id), for mapping Chrome frame ids. */
  frames: { id: string; url: string; parentId: string | undefined }[];
}

/** The replay arrives before Runtime.enable answers; one more round trip and a short pause make sure it has been delivered. */
const REPLAY_SETTLE_MS = 50;

interface FrameTreeNode {
  frame: { id: string; url: string; parentId?: string };
  childFrames?: FrameTreeNode[];
}

function isFrameTreeNode(v: unknown): v is FrameTreeNode {
  if (typeof v !== 'object' || v === null || !('frame' in v)) return false;
  const f = v.frame;
  return typeof f === 'object' && f !== null && 'id' in f && typeof f.id === 'string' && 'url' in f;
}

function flattenFrames(node: FrameTreeNode, out: ConsoleCapture['frames']): void {
  out.push({ id: node.frame.id, url: String(node.frame.url), parentId: node.frame.parentId });
  for (const child of node.childFrames ?? []) if (isFrameTreeNode(child)) flattenFrames(child, out);
}

export async function captureConsole(tabId: number): Promise<Result<ConsoleCapture>> {
  return withSession(tabId, async ({ send }) => {
    const entries: ConsoleEntry[] = [];
    const contexts: PageContexts = new Map();
    const offs = [
      on(tabId, 'Runtime.executionContextCreated', (p) => {
        const c = ContextCreated.safeParse(p);
        const aux = c.success ? c.data.context.auxData : undefined;
        if (c.success && aux?.isDefault && aux.frameId) contexts.set(c.data.context.id, aux.frameId);
      }),
      on(tabId, 'Runtime.consoleAPICalled', (p) => {
        const e = ConsoleApiCalled.safeParse(p);
        if (e.success) entries.push(fromConsoleApi(e.data));
      }),
      on(tabId, 'Runtime.exceptionThrown', (p) => {
        const e = ExceptionThrown.safeParse(p);
        if (e.success) entries.push(fromException(e.data));
      }),
      on(tabId, 'Log.entryAdded', (p) => {
        const e = LogEntryAdded.safeParse(p);
        if (e.success) entries.push(fromLogEntry(e.data));
      }),
    ];
    try {
      // A session another tool left attached may have the domains on already, which would skip the
      // replay: switch them off first so enabling replays everything.
      await send(tabId, 'Runtime.disable');
      await send(tabId, 'Log.disable');
      const runtime = await send(tabId, 'Runtime.enable');
      if (!runtime.ok) return runtime;
      const log = await send(tabId, 'Log.enable');
      if (!log.ok) return log;
      const tree = await send(tabId, 'Page.getFrameTree');
      await sleep(REPLAY_SETTLE_MS);
      await send(tabId, 'Runtime.disable');
      await send(tabId, 'Log.disable');
      const frames: ConsoleCapture['frames'] = [];
      const root =
        tree.ok && typeof tree.data === 'object' && tree.data !== null ? Reflect.get(tree.data, 'frameTree') : null;
      if (isFrameTreeNode(root)) flattenFrames(root, frames);
      if (frames.length === 0)
        return err('cdp_failed', 'Chrome returned no frame tree for the tab; reload it and retry');
      return ok({ entries, contexts, mainFrame: frames[0]?.id, frames });
    } finally {
      for (const off of offs) off();
    }
  });
}

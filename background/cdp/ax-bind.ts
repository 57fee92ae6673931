/**
 * Binds Chrome's accessibility nodes to the page tree's refs through the element itself: each
 * backend DOM node is resolved into the extension's isolated world (DOM.resolveNode with that world's
 * execution context), where the content scripts' ref registry (`globalThis.__wbAx.registry`) gives the
 * element's ref, minting one when it has none. So a node Chrome reports carries exactly the ref the page
 * tree prints for the same element: one ref space, never a second numbering.
 * https://chromedevtools.github.io/devtools-protocol/tot/DOM/#method-resolveNode
 * https://chromedevtools.github.io/devtools-protocol/tot/Runtime/#method-callFunctionOn
 */
import { z } from 'zod';
import { err, ok, type Result } from '../../shared/result';
import { on, type send as Send } from './cdp-client';
import { sleep } from '../../shared/timeout';

const OBJECT_GROUP = 'wb-ax-bind';
/** Elements passed to one Runtime.callFunctionOn (arguments are spread into a JS call). */
const CHUNK = 500;

const ContextCreated = z.object({
  context: z.looseObject({
    id: z.number(),
    origin: z.string().optional(),
    name: z.string().optional(),
    auxData: z.looseObject({ frameId: z.string().optional(), type: z.string().optional() }).optional(),
  }),
});
const Resolved = z.object({ object: z.looseObject({ objectId: z.string().optional() }) });
const CallReply = z.object({
  result: z.looseObject({ value: z.unknown().optional(), objectId: z.string().optional() }),
  exceptionDetails: z.looseObject({ text: z.string() }).optional(),
});
const Bound = z.object({ refs: z.array(z.string().nullable()), high: z.number() });
const Described = z.object({ node: z.looseObject({ backendNodeId: z.number() }) });

/**
 * The execution context of our content scripts in one CDP frame, or null when they do not run there.
 * Runtime.enable replays executionContextCreated for every live context (isolated worlds included);
 * the domain is switched off first so a session someone left enabled replays too, and off again after.
 */
export async function isolatedContext(send: typeof Send, tabId: number, cdpFrameId: string): Promise<number | null> {
  const origin = `chrome-extension://${chrome.runtime.id}`;
  let found: number | null = null;
  const off = on(tabId, 'Runtime.executionContextCreated', (p) => {
    const c = ContextCreated.safeParse(p);
    if (!c.success) return;
    const { id, auxData } = c.data.context;
    const ours = c.data.context.origin === origin || c.data.context.name === chrome.runtime.getManifest().name;
    if (ours && auxData?.type === 'isolated' && auxData.frameId === cdpFrameId) found = id;
  });
  try {
    await send(tabId, 'Runtime.disable');
    const enabled = await send(tabId, 'Runtime.enable');
    if (!enabled.ok) return null;
    // The replay is sent before the reply, but events reach the worker through their own queue.
    if (found === null) await sleep(50);
    return found;
  } finally {
    off();
    await send(tabId, 'Runtime.disable');
  }
}

const BIND_FN = `function (floor, ...els) {
  const r = globalThis.__wbAx && globalThis.__wbAx.registry;
  if (!r) return null;
  r.raiseFloor(floor);
  return { refs: els.map((el) => (el && el.nodeType === 1 ? r.refFor(el) : null)), high: r.high() };
}`;

export interface BoundRefs {
  refs: Map<number, string>;
  /** The registry's high mark after minting (fed back into the tab's ref floor). */
  high: number;
}

/** The registry's ref for each backend node (minted on demand), in the frame's isolated world. */
export async function bindRefs(
  send: typeof Send,
  tabId: number,
  contextId: number,
  backendIds: readonly number[],
  floor: number,
): Promise<Result<BoundRefs>> {
  const refs = new Map<number, string>();
  let high = floor;
  try {
    for (let start = 0; start < backendIds.length; start += CHUNK) {
      const ids = backendIds.slice(start, start + CHUNK);
      const objects = await Promise.all(
        ids.map(async (backendNodeId) => {
          const r = await send(tabId, 'DOM.resolveNode', {
            backendNodeId,
            executionContextId: contextId,
            objectGroup: OBJECT_GROUP,
          });
          const parsed = r.ok ? Resolved.safeParse(r.data) : null;
          return parsed?.success ? (parsed.data.object.objectId ?? null) : null;
        }),
      );
      const live = ids.flatMap((id, i) => {
        const objectId = objects[i];
        return objectId ? [{ id, objectId }] : [];
      });
      if (live.length === 0) continue;
      const reply = await send(tabId, 'Runtime.callFunctionOn', {
        functionDeclaration: BIND_FN,
        executionContextId: contextId,
        arguments: [{ value: floor }, ...live.map((l) => ({ objectId: l.objectId }))],
        returnByValue: true,
      });
      if (!reply.ok) return reply;
      const call = CallReply.safeParse(reply.data);
      const bound = call.success ? Bound.safeParse(call.data.result.value) : null;
      if (!bound?.success) {
        return err(
          'no_registry',
          "the page scripts' ref registry did not answer in this frame; reload the page and retry",
        );
      }
      bound.data.refs.forEach((ref, i) => {
        const id = live[i]?.id;
        if (ref && id !== undefined) refs.set(id, ref);
      });
      high = Math.max(high, bound.data.high);
    }
    return ok({ refs, high });
  } finally {
    await send(tabId, 'Runtime.releaseObjectGroup', { objectGroup: OBJECT_GROUP });
  }
}

/** The backend node id of the element a page ref names, or null when the registry does not know it. */
export async function backendIdOfRef(
  send: typeof Send,
  tabId: number,
  contextId: number,
  ref: string,
): Promise<number | null> {
  const reply = await send(tabId, 'Runtime.evaluate', {
    expression: `globalThis.__wbAx ? globalThis.__wbAx.registry.lookup(${JSON.stringify(ref)}) : null`,
    contextId,
    objectGroup: OBJECT_GROUP,
  });
  try {
    const call = reply.ok ? CallReply.safeParse(reply.data) : null;
    const objectId = call?.success ? call.data.result.objectId : undefined;
    if (!objectId) return null;
    const described = await send(tabId, 'DOM.describeNode', { objectId });
    const node = described.ok ? Described.safeParse(described.data) : null;
    return node?.success ? node.data.node.backendNodeId : null;
  } finally {
    await send(tabId, 'Runtime.releaseObjectGroup', { objectGroup: OBJECT_GROUP });
  }
}

import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { z } from 'zod';

/**
 * A CDP handle on the extension's isolated world in a page's top frame: the world where our content
 * scripts keep the ref registry and the debug API (`__wb_ax_lookup`, `__wb_ax_describe`,
 * `__wbElementMap`). Playwright's own `page.evaluate` runs in the main world and cannot see them.
 */
export interface IsolatedWorld {
  cdp: CDPSession;
  contextId: number;
  /** Evaluates an expression in the isolated world and returns its JSON value. */
  value(expression: string): Promise<unknown>;
  /** Backend DOM node ids of the elements the refs resolve to (null when a ref does not resolve). */
  backendIdsOf(refs: readonly string[]): Promise<Map<string, number | null>>;
  detach(): Promise<void>;
}

const ContextCreated = z.object({
  context: z.object({
    id: z.number(),
    name: z.string(),
    auxData: z.object({ frameId: z.string().optional(), type: z.string().optional() }).loose().optional(),
  }),
});
const FrameTree = z.object({ frameTree: z.object({ frame: z.object({ id: z.string() }) }) });
const EvalReply = z.object({
  result: z.object({ value: z.unknown().optional(), objectId: z.string().optional() }).loose(),
  exceptionDetails: z
    .object({ text: z.string(), exception: z.object({ description: z.string().optional() }).loose().optional() })
    .loose()
    .optional(),
});
const Properties = z.object({
  result: z.array(
    z.object({
      name: z.string(),
      value: z.object({ objectId: z.string().optional(), type: z.string() }).loose().optional(),
    }),
  ),
});
const DescribeNode = z.object({ node: z.object({ backendNodeId: z.number() }).loose() });

export async function attachIsolatedWorld(
  context: BrowserContext,
  page: Page,
  worldName = 'Weaverbird',
): Promise<IsolatedWorld> {
  const cdp = await context.newCDPSession(page);
  const { frameTree } = FrameTree.parse(await cdp.send('Page.getFrameTree'));
  const mainFrame = frameTree.frame.id;
  const found = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no isolated world named ${worldName} in the top frame`)), 10_000);
    cdp.on('Runtime.executionContextCreated', (event: unknown) => {
      const parsed = ContextCreated.safeParse(event);
      if (!parsed.success) return;
      const { id, name, auxData } = parsed.data.context;
      if (auxData?.type === 'isolated' && name === worldName && auxData.frameId === mainFrame) {
        clearTimeout(timer);
        resolve(id);
      }
    });
  });
  // Runtime.enable replays executionContextCreated for every context that already exists.
  await cdp.send('Runtime.enable');
  const contextId = await found;

  const evaluate = async (expression: string, returnByValue: boolean) => {
    const reply = EvalReply.parse(
      await cdp.send('Runtime.evaluate', { expression, contextId, returnByValue, awaitPromise: true }),
    );
    if (reply.exceptionDetails) {
      throw new Error(
        `isolated-world evaluation failed: ${reply.exceptionDetails.exception?.description ?? reply.exceptionDetails.text}`,
      );
    }
    return reply.result;
  };

  return {
    cdp,
    contextId,
    async value(expression) {
      return (await evaluate(expression, true)).value;
    },
    async backendIdsOf(refs) {
      const out = new Map<string, number | null>();
      // One array of elements in one call, then one describeNode per element: far fewer round trips
      // than a lookup per ref on pages with thousands of refs.
      const array = await evaluate(`${JSON.stringify(refs)}.map((r) => window.__wb_ax_lookup(r))`, false);
      if (!array.objectId) throw new Error('lookup did not return an array');
      const props = Properties.parse(
        await cdp.send('Runtime.getProperties', { objectId: array.objectId, ownProperties: true }),
      );
      for (const [i, ref] of refs.entries()) {
        const objectId = props.result.find((p) => p.name === String(i))?.value?.objectId;
        if (!objectId) {
          out.set(ref, null);
          continue;
        }
        const { node } = DescribeNode.parse(await cdp.send('DOM.describeNode', { objectId }));
        out.set(ref, node.backendNodeId);
      }
      await cdp.send('Runtime.releaseObject', { objectId: array.objectId });
      return out;
    },
    detach: () => cdp.detach(),
  };
}

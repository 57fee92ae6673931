/**
 * One page call that describes a ref the way a workflow stores it (content-scripts/find/target-place.ts):
 * the tree's role and name plus where the element sits, with the frame it is in and that frame's
 * origin. Short deadline: recording must never slow a live action by more than a moment.
 */
import * as z from 'zod/mini';
import type { WorkflowTarget } from '../../shared/workflow';
import { originOf } from '../policy/trusted-sites';
import { sendToContent } from '../content-bridge';
import { checkReply } from '../page-call';
import { pageTarget } from '../tools/page-target';

const PlaceSchema = z.object({
  role: z.string(),
  name: z.string(),
  context: z.optional(z.string()),
  heading: z.optional(z.string()),
  landmark: z.optional(z.string()),
  css: z.string(),
  secret: z.optional(z.boolean()),
});

const DESCRIBE_MS = 1500;

async function frameOrigin(tabId: number, chromeFrameId: number): Promise<string | undefined> {
  try {
    const f = await chrome.webNavigation.getFrame({ tabId, frameId: chromeFrameId });
    return f?.url ? originOf(f.url) : undefined;
  } catch {
    return undefined;
  }
}

/** The semantic target of `ref` (qualified or not) in `tabId`, or null when the page cannot say. */
export async function describeRef(tabId: number, ref: string): Promise<WorkflowTarget | null> {
  const to = await pageTarget(tabId, ref, undefined, undefined);
  if (!to.ok || to.data.localRef === undefined) return null;
  const reply = await sendToContent(
    tabId,
    { type: 'tool', tool: 'target_place', args: { ref_id: to.data.localRef } },
    to.data.chromeFrameId,
    DESCRIBE_MS,
  );
  const place = checkReply(reply, PlaceSchema, 'target_place reply');
  if (!place.ok) return null;
  const { css, ...rest } = place.data;
  const origin = await frameOrigin(tabId, to.data.chromeFrameId);
  return {
    ...rest,
    css,
    frame: to.data.frame,
    ...(origin ? { frameOrigin: origin } : {}),
  };
}

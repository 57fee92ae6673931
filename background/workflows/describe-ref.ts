/**
 * Describes a ref the way a workflow stores it (content-scripts/find/target-place.ts): the tree's
 * role and name plus where the element sits, with the frame it is in and that frame's origin. A live
 * action gets its description from its own page call (`askStepPlace`, background/page-place.ts);
 * `describeRef` asks the page separately (`target_place`, short deadline) where no action runs: a
 * replay healing a step, the resolver checking a candidate.
 */
import * as z from 'zod/mini';
import type { WorkflowTarget } from '../../shared/workflow';
import { originOf } from '../policy/trusted-sites';
import { sendToContent } from '../content-bridge';
import { checkReply } from '../page-call';
import { askPlace, endPlaceAsk, type PlaceAsk } from '../page-place';
import { pageTarget, type PageTarget } from '../tools/page-target';
import { ok } from '../../shared/result';

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

/** The workflow target from the page's description of the element, or null when it is not one. */
function targetOf(to: PageTarget, origin: string | undefined, place: unknown): WorkflowTarget | null {
  const checked = checkReply(ok(place), PlaceSchema, 'target_place reply');
  if (!checked.ok) return null;
  return { ...checked.data, frame: to.frame, ...(origin ? { frameOrigin: origin } : {}) };
}

async function askPage(tabId: number, to: PageTarget, localRef: string): Promise<unknown> {
  const reply = await sendToContent(
    tabId,
    { type: 'tool', tool: 'target_place', args: { ref_id: localRef } },
    to.chromeFrameId,
    DESCRIBE_MS,
  );
  return reply.ok ? reply.data : undefined;
}

/** The semantic target of `ref` (qualified or not) in `tabId`, or null when the page cannot say. */
export async function describeRef(tabId: number, ref: string): Promise<WorkflowTarget | null> {
  const to = await pageTarget(tabId, ref, undefined, undefined);
  if (!to.ok || to.data.localRef === undefined) return null;
  const place = await askPage(tabId, to.data, to.data.localRef);
  return place === undefined ? null : targetOf(to.data, await frameOrigin(tabId, to.data.chromeFrameId), place);
}

/** A description on its way with an action's own page call (page-place.ts). */
export interface StepPlace {
  ask: PlaceAsk;
  to: PageTarget;
  /** The frame's origin before the action (an action may navigate the frame away). */
  origin: string | undefined;
}

/** Asks the next page call that acts on `ref` to describe it too; null when the ref names no page element. */
export async function askStepPlace(tabId: number, ref: string): Promise<StepPlace | null> {
  const to = await pageTarget(tabId, ref, undefined, undefined);
  if (!to.ok || to.data.localRef === undefined) return null;
  const origin = await frameOrigin(tabId, to.data.chromeFrameId);
  return { ask: askPlace(tabId, to.data.chromeFrameId, to.data.localRef), to: to.data, origin };
}

/**
 * The target the action's call described, or null when the page could not say (the ask ends here
 * either way). An action whose calls never named the ref to the page (a ref from Chrome's own tree,
 * acted on through CDP) is asked now, after it ran, rather than not at all.
 */
export async function takeStepPlace(tabId: number, step: StepPlace): Promise<WorkflowTarget | null> {
  endPlaceAsk(step.ask);
  const place = step.ask.place ?? (await askPage(tabId, step.to, step.ask.ref));
  return place === undefined ? null : targetOf(step.to, step.origin, place);
}

/** Ends an ask whose action failed (nothing is recorded). */
export function dropStepPlace(step: StepPlace): void {
  endPlaceAsk(step.ask);
}

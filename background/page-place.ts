/**
 * The place of the element an action acts on, carried by the action's own page call (issue 27): the
 * workflow recorder (workflows/recorder.ts) needs each acted-on ref described by meaning before the
 * action changes the page, and asking the page separately (`target_place`) put a round trip in front
 * of every live action. Instead the recorder registers an ask for (tab, frame, ref); the first `tool`
 * request to that frame whose `ref_id` is that ref carries `place: true`, and the page describes the
 * element before it runs the handler (content-scripts/dispatch.ts) and returns the description beside
 * the reply. The flag is set here, in the worker, never from the model's arguments.
 */
import { isRecord } from '../shared/result';

export interface PlaceAsk {
  readonly tabId: number;
  /** Chrome's frameId of the frame the ref lives in. */
  readonly frameId: number;
  /** The ref as that frame's registry knows it. */
  readonly ref: string;
  /** What the page answered (unchecked page data: the recorder parses it), once it has. */
  place?: unknown;
}

/** One ask a tab: a tab runs one task, and a task one action at a time. */
const asks = new Map<number, PlaceAsk>();

export function askPlace(tabId: number, frameId: number, ref: string): PlaceAsk {
  const ask: PlaceAsk = { tabId, frameId, ref };
  asks.set(tabId, ask);
  return ask;
}

/** Ends an ask (answered or not), so later calls with the same ref are not described needlessly. */
export function endPlaceAsk(ask: PlaceAsk): void {
  if (asks.get(ask.tabId) === ask) asks.delete(ask.tabId);
}

/** The unanswered ask a request to `frameId` of `tabId` with these arguments answers, if any. */
export function placeAskFor(tabId: number, frameId: number, args: unknown): PlaceAsk | undefined {
  const ask = asks.get(tabId);
  if (!ask || ask.place !== undefined || ask.frameId !== frameId) return undefined;
  return isRecord(args) && args.ref_id === ask.ref ? ask : undefined;
}

/** Takes the page's `place` off a raw reply into `ask` (the first answer wins: later ones come after the action). */
export function notePlace(ask: PlaceAsk, rawReply: unknown): void {
  if (ask.place === undefined && isRecord(rawReply) && rawReply.place !== undefined) ask.place = rawReply.place;
}

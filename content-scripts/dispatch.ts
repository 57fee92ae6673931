import { ContentRequestSchema, type PingReply } from '../shared/protocol/content';
import { err, errorMessage, ok, type Result } from '../shared/result';
import { getAxApi } from './ax/api';
import { getRefRegistry } from './ax/ref-registry';
import { handlerTable } from './handlers/index';

/** A reply, with the acted-on element's place when the request asked for it (`place` in ContentRequestSchema). */
export type ContentReply = Result<unknown> & { place?: unknown };

/** The element `args.ref_id` names, described for a recorded workflow step; undefined when it cannot be. */
function placeOf(args: unknown): unknown {
  const ref = typeof args === 'object' && args !== null && 'ref_id' in args ? args.ref_id : undefined;
  try {
    const described = typeof ref === 'string' ? getAxApi(globalThis)?.place(ref) : undefined;
    return described?.ok ? described.data : undefined;
  } catch {
    // Recording is best effort: the action runs whether or not its target could be described.
    return undefined;
  }
}

/** Parses and runs one request from the service worker. Never throws: every outcome is a Result. */
export async function dispatchContentRequest(raw: unknown, doc: Document): Promise<ContentReply> {
  const parsed = ContentRequestSchema.safeParse(raw);
  if (!parsed.success) {
    return err(
      'bad_message',
      `content script received a malformed message: ${parsed.error.issues[0]?.message ?? 'unknown shape'}`,
    );
  }
  const request = parsed.data;
  // Before anything can mint a ref: start above every number the tab has issued (ref-registry.ts).
  if (request.refFloor !== undefined) getRefRegistry(globalThis).raiseFloor(request.refFloor);
  if (request.type === 'ping') {
    const view = doc.defaultView;
    const reply: PingReply = {
      url: doc.URL,
      isTop: view !== null && view === view.top,
      axReady: getAxApi(globalThis) !== null,
    };
    return ok(reply);
  }
  const handler = handlerTable.get(request.tool);
  if (!handler) {
    return err(
      'unknown_page_tool',
      `no page handler named "${request.tool}"; known: ${[...handlerTable.keys()].join(', ')}`,
    );
  }
  // Described before the handler runs: the action may move, rename or remove the element.
  const place = request.place ? placeOf(request.args) : undefined;
  try {
    const result = await handler.run(request.args, doc);
    return place === undefined ? result : { ...result, place };
  } catch (e) {
    // A handler that throws is a bug; report it as a value so the agent loop can go on.
    return err('handler_crashed', `${request.tool} failed inside the page: ${errorMessage(e)}`);
  }
}

/** The highest ref number this document knows, sent back beside every reply (RefHighSchema). */
export function refHigh(): number {
  return getRefRegistry(globalThis).high();
}

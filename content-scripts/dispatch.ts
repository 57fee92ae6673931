import { ContentRequestSchema, type PingReply } from '../shared/protocol/content';
import { err, errorMessage, ok, type Result } from '../shared/result';
import { getAxApi } from './ax/api';
import { getRefRegistry } from './ax/ref-registry';
import { handlerTable } from './handlers/index';

/** Parses and runs one request from the service worker. Never throws: every outcome is a Result. */
export async function dispatchContentRequest(raw: unknown, doc: Document): Promise<Result<unknown>> {
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
  try {
    return await handler.run(request.args, doc);
  } catch (e) {
    // A handler that throws is a bug; report it as a value so the agent loop can go on.
    return err('handler_crashed', `${request.tool} failed inside the page: ${errorMessage(e)}`);
  }
}

/** The highest ref number this document knows, sent back beside every reply (RefHighSchema). */
export function refHigh(): number {
  return getRefRegistry(globalThis).high();
}

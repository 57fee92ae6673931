/**
 * The DOM events through which the always-on core (content-scripts/core.ts, page's MAIN world) and
 * the handlers (extension's isolated world) share the edit log. Both worlds see the same DOM and the
 * same events, and nothing else: a DOM event is the only channel between them that needs no global.
 */
export const EDIT_LOG_EVENTS = {
  /** Isolated world → core, dispatched on the document: "send me the log". */
  query: 'weaverbird-edit-log-query',
  /** Core → isolated world, dispatched on each edited element (composed, so it leaves shadow roots). */
  entry: 'weaverbird-edit-log-entry',
  /** Core → isolated world, on the document, `detail` = the time the core started watching (ms). */
  done: 'weaverbird-edit-log-done',
} as const;

/**
 * Reads the edit log the always-on core keeps in the page's MAIN world (content-scripts/core.ts):
 * which elements received `input` events in this frame since the core loaded. The two worlds share
 * only the DOM, so the log travels as DOM events (edit-log-events.ts); dispatchEvent is synchronous,
 * so the whole exchange completes inside this call.
 */
import { EDIT_LOG_EVENTS } from './edit-log-events';

export interface EditLog {
  since: number;
  edited: Set<Element>;
}

/** The log, or null when no core runs in this frame (the page is the one to say so: no answer came). */
export function readEditLog(doc: Document): EditLog | null {
  const view = doc.defaultView;
  if (!view) return null;
  const edited = new Set<Element>();
  let since: number | null = null;
  const onEntry = (e: Event): void => {
    if (e.target instanceof Element) edited.add(e.target);
  };
  const onDone = (e: Event): void => {
    // `detail` crosses from the MAIN world as a structured clone: a number stays a number.
    if (e instanceof CustomEvent && typeof e.detail === 'number') since = e.detail;
  };
  view.addEventListener(EDIT_LOG_EVENTS.entry, onEntry, true);
  view.addEventListener(EDIT_LOG_EVENTS.done, onDone, true);
  try {
    doc.dispatchEvent(new CustomEvent(EDIT_LOG_EVENTS.query));
  } finally {
    view.removeEventListener(EDIT_LOG_EVENTS.entry, onEntry, true);
    view.removeEventListener(EDIT_LOG_EVENTS.done, onDone, true);
  }
  return since === null ? null : { since, edited };
}

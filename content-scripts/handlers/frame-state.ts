import { ok } from '../../src/result';
import { inspectDraftState, installEditLog } from '../frames/draft-state';
import { frameInfoHandler } from '../frames/frame-info';
import type { ContentHandler } from './types';

// The edit log must start when the content script loads, not when promotion first asks, or it would
// miss every edit made in between; this module is evaluated once per frame at document_idle.
const editLog =
  typeof document !== 'undefined' && typeof window !== 'undefined' ? installEditLog(globalThis, document) : null;

/** `frame_state`: unsaved drafts in this frame (changed fields, files, edited regions, unverifiable edits). */
export const frameStateHandler: ContentHandler = {
  name: 'frame_state',
  run(_args, doc) {
    return ok(inspectDraftState(doc, editLog));
  },
};

export { frameInfoHandler };

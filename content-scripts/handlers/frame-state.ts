import { ok } from '../../shared/result';
import { inspectDraftState } from '../frames/draft-state';
import { readEditLog } from '../frames/edit-log';
import { frameInfoHandler } from '../frames/frame-info';
import type { ContentHandler } from './types';

/** `frame_state`: unsaved drafts in this frame (changed fields, files, edited regions, unverifiable edits). */
export const frameStateHandler: ContentHandler = {
  name: 'frame_state',
  run(_args, doc) {
    // The always-on core (core.ts) keeps the log from document_idle on; without it (a world it never
    // ran in), watchingSince says the log starts now.
    return ok(inspectDraftState(doc, readEditLog(doc)));
  },
};

export { frameInfoHandler };

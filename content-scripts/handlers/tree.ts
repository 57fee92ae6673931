import { getAxApi } from '../ax/api';
import { err, isRecord, ok, type Result } from '../../shared/result';
import { FRAME_ID_PATTERN } from '../../shared/refs';
import { parseTreeArgs } from '../../shared/tree-args';
import type { ContentHandler } from './types';

/**
 * The worker adds `frameRef` (the frame's id, "f2") when it reads a child frame for iframe_read; it
 * is not a model argument (the worker's schema refuses it), so it is taken off before the model's
 * arguments are parsed.
 */
function splitFrameRef(args: unknown): Result<{ args: unknown; frameRef: string | undefined }> {
  if (!isRecord(args) || !('frameRef' in args)) return ok({ args, frameRef: undefined });
  const { frameRef, ...rest } = args;
  if (typeof frameRef !== 'string' || !FRAME_ID_PATTERN.test(frameRef)) {
    return err('bad_arguments', 'frameRef must be a frame id such as "f2"');
  }
  return ok({ args: rest, frameRef });
}

/** The tree lives in the other content-script bundle; both share this isolated world's globals. */
export const treeHandler: ContentHandler = {
  name: 'get_accessibility_tree',
  run(args) {
    const api = getAxApi(globalThis);
    if (!api) {
      return err(
        'tree_unavailable',
        'the accessibility-tree script is not loaded in this frame yet; wait a moment and retry, or reload the page',
      );
    }
    const split = splitFrameRef(args);
    if (!split.ok) return split;
    const options = parseTreeArgs(split.data.args);
    if (!options.ok) return options;
    const frameRef = split.data.frameRef;
    return api.generate(frameRef === undefined ? options.data : { ...options.data, frameRef });
  },
};

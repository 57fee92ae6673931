import { getAxApi } from '../ax/api';
import { parseFindArgs, parseTextSearchArgs } from '../../shared/find-args';
import { err, type Result } from '../../shared/result';
import type { ContentHandler } from './types';

const NOT_LOADED = err(
  'tree_unavailable',
  'the accessibility-tree script is not loaded in this frame yet; wait a moment and retry, or reload the page',
);

/** `find` and `text_search` run in the tree bundle (they reuse its walk and ref registry). */
export const findHandler: ContentHandler = {
  name: 'find',
  run(args): Result<unknown> {
    const api = getAxApi(globalThis);
    if (!api) return NOT_LOADED;
    const options = parseFindArgs(args);
    return options.ok ? api.find(options.data) : options;
  },
};

export const textSearchHandler: ContentHandler = {
  name: 'text_search',
  run(args): Result<unknown> {
    const api = getAxApi(globalThis);
    if (!api) return NOT_LOADED;
    const options = parseTextSearchArgs(args);
    return options.ok ? api.textSearch(options.data) : options;
  },
};

/** Where a ref's element sits, for recording a workflow step (content-scripts/find/target-place.ts). */
export const targetPlaceHandler: ContentHandler = {
  name: 'target_place',
  run(args): Result<unknown> {
    const api = getAxApi(globalThis);
    if (!api) return NOT_LOADED;
    const ref = typeof args === 'object' && args !== null && 'ref_id' in args ? args.ref_id : undefined;
    if (typeof ref !== 'string') return err('bad_arguments', 'target_place needs ref_id');
    return api.place(ref);
  },
};

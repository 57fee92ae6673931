import { getAxApi } from '../ax/api';
import { err } from '../../src/result';
import { parseTreeArgs } from '../../src/tree-args';
import type { ContentHandler } from './types';

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
    const options = parseTreeArgs(args);
    if (!options.ok) return options;
    return api.generate(options.data);
  },
};

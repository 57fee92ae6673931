import type { PageInfo } from '../../src/protocol/content';
import { ok } from '../../src/result';
import type { ContentHandler } from './types';

export const pageInfoHandler: ContentHandler = {
  name: 'page_info',
  run(_args, doc) {
    const view = doc.defaultView;
    const info: PageInfo = {
      url: doc.URL,
      title: doc.title,
      readyState: doc.readyState,
      isTop: view !== null && view === view.top,
    };
    return ok(info);
  },
};

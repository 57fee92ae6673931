import type { PageInfo } from '../../shared/protocol/content';
import { ok } from '../../shared/result';
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

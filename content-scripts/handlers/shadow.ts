import { bindPaths, collectShadowHosts } from '../frames/shadow-hosts';
import type { ContentHandler } from './types';

/** `shadow_hosts`: shadow hosts (open and closed) under the document or a ref, with refs for their controls. */
export const shadowHostsHandler: ContentHandler = {
  name: 'shadow_hosts',
  run: (args, doc) => collectShadowHosts(doc, args),
};

/** `shadow_bind`: refs for elements a CDP pierce query found, matched by composed path. */
export const shadowBindHandler: ContentHandler = {
  name: 'shadow_bind',
  run: (args, doc) => bindPaths(doc, args),
};

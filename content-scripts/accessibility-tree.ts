/**
 * Content script (document_idle, all frames): the accessibility-tree builder and the ref registry.
 * Installs `__wbAx` for the handler bundle and the debug API for people in DevTools (select the
 * extension's context in the console): __wbElementMap, __wb_ax_lookup, __wb_ax_release,
 * __wb_ax_describe.
 */
import '../shared/zod-setup';
import { installAxApi } from './ax/api';
import { closedShadowReader } from './frames/closed-shadow';

// Closed shadow roots are read through the browser's content-script door (frames/closed-shadow.ts);
// without one (tests) the walk sees open roots only.
const shadowRootOf = closedShadowReader();
installAxApi(globalThis, document, shadowRootOf ? { shadowRootOf } : {});

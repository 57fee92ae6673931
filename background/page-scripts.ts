/**
 * Page scripts built by vite.config.ts's on-demand list: they are not in the built manifest, and the
 * worker injects them into a frame when first needed (content-bridge.ts). Paths are the build's
 * output names. Only the core stays in the built manifest (every frame, document_idle, the page's MAIN
 * world: content-scripts/core.ts says why); it is listed here too so a frame it never ran in (a tab
 * opened before install) gets it with the handlers.
 */
export const ALWAYS_ON_MAIN_WORLD_SCRIPTS = ['content-scripts/core.js'] as const;

export const ON_DEMAND_SCRIPTS = {
  /** The tree builder + ref registry, then the handler table: the first message to a frame injects both. */
  handlers: ['content-scripts/accessibility-tree.js', 'content-scripts/content.js'],
  /** The page actions, on a frame's first action. */
  actions: ['content-scripts/actions-entry.js'],
} as const satisfies Record<string, readonly string[]>;

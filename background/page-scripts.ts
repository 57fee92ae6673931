/**
 * Page scripts built by vite.config.ts's on-demand list: they are not in the built manifest, and the
 * worker injects them into a frame when first needed. Paths are the build's output names.
 */
export const ON_DEMAND_SCRIPTS = {
  actions: ['content-scripts/actions-entry.js'],
} as const satisfies Record<string, readonly string[]>;

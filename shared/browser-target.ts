/**
 * Which browser this build is for, fixed at build time: vite.config.ts defines `__WB_BROWSER__`
 * ('chrome' for `npm run build`, 'firefox' for `npm run build:firefox`) and the minifier folds every
 * branch on it away. Undefined outside a vite build (unit tests, the docs generator): Chrome, the
 * default build. One source for both browsers; differences are read from here, never sniffed from
 * the user agent, so a build never changes behaviour at run time (docs/firefox.md).
 */
declare const __WB_BROWSER__: string | undefined;

export const BROWSERS = ['chrome', 'firefox'] as const;
export type BrowserName = (typeof BROWSERS)[number];

export const BROWSER: BrowserName =
  typeof __WB_BROWSER__ !== 'undefined' && __WB_BROWSER__ === 'firefox' ? 'firefox' : 'chrome';

/** Firefox gives extensions no DevTools protocol (`chrome.debugger`): every action is synthetic-only. */
export const HAS_CDP: boolean = BROWSER === 'chrome';

/** What a result says where Chrome would have sent one trusted (CDP) event. */
export const NO_TRUSTED_FALLBACK =
  'no trusted fallback in Firefox (Firefox gives extensions no DevTools protocol: only synthetic events are sent, and CDP reads are unavailable)';

/**
 * The Firefox manifest, derived from the one manifest.json (Chrome's) so the two builds cannot drift.
 * What changes, and why (docs/firefox.md):
 * - background: Firefox MV3 runs no service worker; the same module runs as an event page
 *   (`background.scripts`, non-persistent), https://developer.mozilla.org/docs/Mozilla/Add-ons/WebExtensions/manifest.json/background
 * - the panel: `sidebar_action` instead of Chrome's `side_panel`; the toolbar button toggles it
 *   (background/browser/panel-opener.ts) and the keyboard command opens it (`_execute_sidebar_action`).
 * - no `sidePanel`, `debugger` or `offscreen` permission: Firefox has none of these APIs (no DevTools protocol for
 *   extensions; its background is a page, so PDFs are parsed there: background/pdf/pdf-source.ts).
 * - `browser_specific_settings.gecko`: the add-on id Firefox needs to keep storage across updates, and the
 *   oldest Firefox with every API the build uses (140: `data_collection_permissions`; world MAIN content
 *   scripts need 128, `storage.session` 115).
 * - `data_collection_permissions`: page content goes to the LLM provider the user configured, so the
 *   install prompt says so (https://extensionworkshop.com/documentation/develop/firefox-builtin-data-consent/).
 */
export const GECKO_ID = 'weaverbird@weaverbird.dev';
export const GECKO_MIN_VERSION = '140.0';

type Json = Record<string, unknown>;

const CHROME_ONLY_PERMISSIONS: ReadonlySet<string> = new Set(['sidePanel', 'debugger', 'offscreen']);

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The manifest crxjs reads for the Firefox build. `side_panel` stays in this input so crxjs builds the
 * panel page; {@link finishFirefoxManifest} swaps it for `sidebar_action` in the built manifest.
 */
export function firefoxInputManifest(chrome: Json): Json {
  const { minimum_chrome_version: _min, background, permissions, commands, ...rest } = chrome;
  const worker = isRecord(background) && typeof background.service_worker === 'string' ? background.service_worker : '';
  const perms = Array.isArray(permissions) ? permissions.filter((p) => !CHROME_ONLY_PERMISSIONS.has(String(p))) : [];
  const cmds = isRecord(commands) ? { ...commands } : {};
  if (cmds._execute_action !== undefined) {
    cmds._execute_sidebar_action = { ...(isRecord(cmds._execute_action) ? cmds._execute_action : {}) };
    delete cmds._execute_action;
  }
  return {
    ...rest,
    background: { scripts: [worker], type: 'module' },
    permissions: perms,
    commands: cmds,
    browser_specific_settings: {
      gecko: {
        id: GECKO_ID,
        strict_min_version: GECKO_MIN_VERSION,
        data_collection_permissions: { required: ['websiteContent'] },
      },
    },
  };
}

/** Built manifest → Firefox's, in place: the side panel becomes the sidebar, with the toolbar icon and title. */
export function finishFirefoxManifest(built: object): void {
  const sidePanel: unknown = Reflect.get(built, 'side_panel');
  const action: unknown = Reflect.get(built, 'action');
  const panel = isRecord(sidePanel) && typeof sidePanel.default_path === 'string' ? sidePanel.default_path : '';
  Reflect.deleteProperty(built, 'side_panel');
  Reflect.set(built, 'sidebar_action', {
    default_panel: panel,
    default_title: 'Weaverbird',
    ...(isRecord(action) && action.default_icon !== undefined ? { default_icon: action.default_icon } : {}),
    // The toolbar button opens it; a sidebar that opens itself on install would surprise the user.
    open_at_install: false,
  });
}

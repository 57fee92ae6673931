/**
 * The always-on page script (manifest, document_idle, every frame, about:blank included): only what
 * must observe from page load, the edit log `promote_iframe` relies on (frames/draft-state.ts: edits
 * in content-editable regions and custom widgets leave no default value to compare with, so they are
 * known only from `input` events seen as they happen).
 *
 * It runs in the page's MAIN world on purpose: every content script in the extension's isolated world
 * makes Chrome create that world in the frame, about 0.17 MB of JS heap per frame before a line of
 * ours runs (measured by `npm run bench`, frame cost), above the 0.1 MB a frame may pay before use
 * (issue 16 item 12). Here it costs a closure and a Set. Everything else (tree builder, ref registry,
 * handlers, actions) is injected into the isolated world by the worker the first time a tool or the
 * panel talks to a frame (background/content-bridge.ts).
 *
 * The page can see and disturb this script (it shares the world). What it could do is fake edits
 * (promotion then refuses: fails closed) or hide its own edits (promotion may then drop the page's own
 * draft: the page harming only itself). The log never leaves the page's DOM events; it holds no text.
 * No imports beyond the event names, the build target and the file-drop relay (file-drop-relay.ts), no globals: the page learns nothing it could not learn by
 * watching its own listeners.
 */
import { EDIT_LOG_EVENTS } from './frames/edit-log-events';
import { PAGE_ERROR_EVENTS } from './page-error-events';
import { relayFileDrops } from './file-drop-relay';
import { BROWSER } from '../shared/browser-target';

(() => {
  const { query, entry, done } = EDIT_LOG_EVENTS;
  // Idempotent without a global: a copy already running (manifest + the bridge's injection into a
  // tab opened before install) answers the probe, and this one steps aside.
  let running = false;
  const onProbe = (): void => {
    running = true;
  };
  window.addEventListener(done, onProbe, true);
  document.dispatchEvent(new CustomEvent(query));
  window.removeEventListener(done, onProbe, true);
  if (running) return;

  const since = Date.now();
  const edited = new Set<Element>();
  window.addEventListener(
    'input',
    (e) => {
      // Events from inside shadow roots arrive retargeted to their host: enough to say "this widget was edited".
      if (e.target instanceof Element) edited.add(e.target);
    },
    true,
  );
  window.addEventListener(
    'submit',
    (e) => {
      // A submitted form's edits were handed to the site: no longer a draft that promotion would lose.
      const form = e.target;
      if (!(form instanceof Element)) return;
      for (const el of edited) if (form.contains(el)) edited.delete(el);
    },
    true,
  );
  window.addEventListener(
    query,
    () => {
      for (const el of edited) {
        if (el.isConnected) el.dispatchEvent(new CustomEvent(entry, { composed: true }));
        else edited.delete(el);
      }
      document.dispatchEvent(new CustomEvent(done, { detail: since }));
    },
    true,
  );
  watchErrorsDuringActions();
  watchGesturesDuringActions();
  // Only Firefox hides a content script's files from the page (file-drop-relay.ts); the build folds this
  // away for Chrome, whose every frame pays for the core (foundation.e2e.ts: under 4 KB).
  if (BROWSER === 'firefox') relayFileDrops();
})();

/**
 * While an action is observed (content-scripts/actions/page-errors.ts), the page's uncaught errors,
 * unhandled rejections and `console.error` calls are passed on as DOM events: the action's result
 * says which console errors it caused (issue 25). Outside an action nothing is wrapped, so the page's
 * console is untouched almost all the time; during one, `console.error` runs through a wrapper that
 * calls the original with the same arguments.
 */
function watchErrorsDuringActions(): void {
  const { error } = PAGE_ERROR_EVENTS;
  let original: typeof console.error | null = null;
  let wrapper: typeof console.error | null = null;
  const emit = (text: string): void => {
    document.dispatchEvent(new CustomEvent(error, { detail: text.slice(0, 300) }));
  };
  const textOf = (v: unknown): string => {
    if (v instanceof Error) return `${v.name}: ${v.message}`;
    if (typeof v === 'string') return v;
    try {
      return JSON.stringify(v) ?? String(v);
    } catch {
      return String(v);
    }
  };
  const onError = (e: ErrorEvent): void => emit(`Uncaught ${e.error !== undefined ? textOf(e.error) : e.message}`);
  const onRejection = (e: PromiseRejectionEvent): void => emit(`Uncaught (in promise) ${textOf(e.reason)}`);
  duringActions(
    () => {
      window.addEventListener('error', onError, true);
      window.addEventListener('unhandledrejection', onRejection, true);
      const orig = console.error;
      original = orig;
      wrapper = function (...args: unknown[]): void {
        emit(args.map(textOf).join(' '));
        Reflect.apply(orig, console, args);
      };
      console.error = wrapper;
    },
    () => {
      window.removeEventListener('error', onError, true);
      window.removeEventListener('unhandledrejection', onRejection, true);
      // A page that replaced console.error meanwhile keeps its own.
      if (original && console.error === wrapper) console.error = original;
      original = null;
      wrapper = null;
    },
  );
}

/**
 * Calls `begin` when the first of nested observed actions starts (PAGE_ERROR_EVENTS.start) and `end`
 * when the last of them stops: actions nest (a batch's calls), and a stop with none running is ignored.
 */
function duringActions(begin: () => void, end: () => void): void {
  const { start, stop } = PAGE_ERROR_EVENTS;
  let depth = 0;
  const onStart = (): void => {
    depth += 1;
    if (depth === 1) begin();
  };
  const onStop = (): void => {
    if (depth === 0) return;
    depth -= 1;
    if (depth === 0) end();
  };
  window.addEventListener(start, onStart, true);
  window.addEventListener(stop, onStop, true);
}

type Patch = { owner: object; key: string; original: unknown };

/**
 * While an action is observed, calls of the APIs that need transient user activation (HTML §6.4.3)
 * made while the document had none and refused (window.open returned null, the promise rejected)
 * are told to the isolated world (PAGE_ERROR_EVENTS.gesture): the
 * browser refused them (a blocked popup, a rejected fullscreen or clipboard write), and click_ax may
 * then send its one trusted click, which carries activation (content-scripts/actions/click.ts). The
 * wrappers call the original with the same `this` and arguments, and are removed after the action.
 */
function watchGesturesDuringActions(): void {
  const { gesture, history: pushedUnactivated } = PAGE_ERROR_EVENTS;
  const activation = (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation;
  if (!activation) return;
  const targets: [object | undefined, string, string][] = [
    [window, 'open', 'window.open'],
    [Element.prototype, 'requestFullscreen', 'requestFullscreen'],
    [globalThis.Clipboard?.prototype, 'writeText', 'clipboard.writeText'],
    [globalThis.Clipboard?.prototype, 'write', 'clipboard.write'],
  ];
  let patches: Patch[] = [];
  duringActions(
    () => {
      for (const [owner, key, name] of targets) {
        const original: unknown = owner ? Reflect.get(owner, key) : undefined;
        if (!owner || typeof original !== 'function') continue;
        const wrapper = function (this: unknown, ...args: unknown[]): unknown {
          const active = activation.isActive;
          const out: unknown = Reflect.apply(original, this, args);
          if (active) return out;
          const refused = (): void => void document.dispatchEvent(new CustomEvent(gesture, { detail: name }));
          // Only what the browser refused: a popup blocker that lets the site's popups through
          // returns a window, and a page with clipboard permission writes without activation.
          if (out === null) refused();
          else if (out instanceof Promise) out.then(undefined, refused);
          return out;
        };
        Reflect.set(owner, key, wrapper);
        patches.push({ owner, key, original });
      }
      // pushState is never refused, but an entry pushed without activation makes Back skip the one
      // before it (https://crbug.com/907167): told apart, so the worker can give the page activation.
      const push: unknown = Reflect.get(History.prototype, 'pushState');
      if (typeof push === 'function') {
        Reflect.set(History.prototype, 'pushState', function (this: unknown, ...args: unknown[]): unknown {
          const active = activation.isActive;
          const out: unknown = Reflect.apply(push, this, args);
          if (!active) document.dispatchEvent(new CustomEvent(pushedUnactivated, { detail: 'history.pushState' }));
          return out;
        });
        patches.push({ owner: History.prototype, key: 'pushState', original: push });
      }
    },
    () => {
      for (const p of patches) Reflect.set(p.owner, p.key, p.original);
      patches = [];
    },
  );
}

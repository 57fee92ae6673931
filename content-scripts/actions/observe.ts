/**
 * Did the action do anything? An observation takes a baseline (URL, focus, the target's semantic
 * states, open dialogs and popups) and records mutations, then reports progress signals and the
 * changes the model should hear about.
 *
 * Progress: a URL change, a handler-driven focus change, a target-local mutation in the first
 * (synchronous) interval, a semantic state change of the target (the ARIA 1.2 §6.6.2 widget states:
 * checked, expanded, selected, pressed, current, plus open and value) at any time, a dialog or popup
 * opening, or the target leaving the page. Whole-page churn and late target class/style/child/text
 * changes are only diagnostics: unread badges, timestamps and chat previews change on their own, so
 * counting them would report progress for clicks that did nothing.
 *
 * For pointer actions (`pressedAt` called) evidence must belong to the target (evidence.ts): a popup
 * or dialog counts only when the target controls it, what the target controls (a tab panel) counts
 * when it changes or is shown, focus counts only when the page moved it somewhere other than where
 * the press's own default action put it, and the target's class/style changes (focus rings, hover
 * and pressed styles) are styling, not a result.
 */
import type { Changes } from '../../shared/tools/actions';
import {
  deepActiveElement,
  describe,
  diffStates,
  isContentEditable,
  isInput,
  isTextArea,
  roleOf,
  semanticStates,
  TEXT_INPUT_TYPES,
} from './element-info';
import { closeWrapper, controlledBy, isStylingRecord, relatedTo } from './evidence';
import { flatContains } from './pointer';
import { visualState } from './reachability';
import { sanitizeUrl } from '../../shared/url-sanitize';
import { sleep } from '../../shared/timeout';
import { AppearTracker } from './appeared';
import { PageErrors } from './page-errors';
import { ACTION_WINDOW, isActivity, STEP_MS, windowVerdict, type QuietRule } from './quiet-window';
import { keepForLate } from './late-evidence';

/** Target mutations within this long of the action are its synchronous result (progress), later ones diagnostics. */
const INTERVAL_SYNC_MS = 80;

export interface ObservationReport {
  progress: string[];
  diagnostics: string[];
  changes: Changes;
}

const OVERLAY_SELECTOR = 'dialog[open], [role="dialog"], [role="alertdialog"]';
const POPUP_SELECTOR = '[role="listbox"], [role="menu"], [role="tooltip"], [role="tree"], [role="grid"][aria-modal]';

function visibleSet(doc: Document, selector: string): Set<Element> {
  const out = new Set<Element>();
  for (const el of doc.querySelectorAll(selector)) if (visualState(el).hidden === null) out.add(el);
  return out;
}

function now(): number {
  return performance.now();
}

function animationsOf(doc: Document): Animation[] {
  return typeof doc.getAnimations === 'function' ? doc.getAnimations() : [];
}

/**
 * A CSS transition or animation that began after the action is the page still answering it (a dialog
 * fading in, a spinner): activity, though no DOM record says so. Ones running before (an always-on
 * loader) are not. Compared by identity: a new one's `startTime` stays null until its first frame, and
 * a frame's timeline time can precede the click that created it (Web Animations §4.4).
 */
function freshAnimation(doc: Document, before: ReadonlySet<Animation>): boolean {
  return animationsOf(doc).some((a) => a.playState === 'running' && !before.has(a));
}

export class Observation {
  private readonly url: string;
  private readonly focus: Element | null;
  private readonly states: Map<Element, Record<string, string>>;
  private readonly dialogs: Set<Element>;
  private readonly popups: Set<Element>;
  private readonly targetObserver: MutationObserver;
  private readonly pageObserver: MutationObserver;
  private readonly controlledObserver: MutationObserver;
  private readonly wrapperObserver: MutationObserver;
  private syncWrapperMutations = 0;
  private readonly controlled: Map<Element, boolean>;
  private readonly holdingDialogs: Set<Element>;
  private hit: Element | null = null;
  private anyMenu = false;
  private controlledMutations = 0;
  private stylingMutations = 0;
  private syncClosed = false;
  private syncTargetMutations = 0;
  private lateTargetMutations = 0;
  private pageMutations = 0;
  private unloading = false;
  private readonly appear: AppearTracker;
  private readonly errors: PageErrors;
  readonly startedAt = now();
  private readonly animations: ReadonlySet<Animation>;
  private lastActivityAt = this.startedAt;
  /** Frames rendered since the observation began (quiet-window.ts `minFrames`); null: none will be counted. */
  private frames: number | null = null;
  private readonly onUnload = (): void => {
    this.unloading = true;
  };

  constructor(
    private readonly doc: Document,
    private readonly targets: readonly Element[],
    opts: { appearInside?: boolean } = {},
  ) {
    this.url = doc.URL;
    this.animations = new Set(animationsOf(doc));
    this.focus = deepActiveElement(doc);
    this.states = new Map(targets.map((t) => [t, semanticStates(t)]));
    this.dialogs = visibleSet(doc, OVERLAY_SELECTOR);
    this.popups = visibleSet(doc, POPUP_SELECTOR);
    const view = doc.defaultView;
    const MO = view?.MutationObserver ?? MutationObserver;
    this.targetObserver = new MO((records) => this.countTarget(records));
    const options: MutationObserverInit = { attributes: true, childList: true, subtree: true, characterData: true };
    for (const t of targets) {
      this.targetObserver.observe(t, options);
      if (t.shadowRoot) this.targetObserver.observe(t.shadowRoot, options);
    }
    this.controlled = new Map(controlledBy(targets).map((c) => [c, visualState(c).hidden === null]));
    this.controlledObserver = new MO((records) => {
      this.controlledMutations += records.filter((r) => !isStylingRecord(r)).length;
    });
    for (const c of this.controlled.keys()) this.controlledObserver.observe(c, options);
    // A date picker's month arrow changes nothing on itself: the calendar beside it re-renders.
    this.wrapperObserver = new MO((records) => this.countWrapper(records));
    const wrapper = targets[0] ? closeWrapper(targets[0]) : null;
    if (wrapper) this.wrapperObserver.observe(wrapper, options);
    this.holdingDialogs = new Set([...this.dialogs].filter((d) => targets.some((t) => flatContains(d, t))));
    this.appear = new AppearTracker(doc, targets, opts.appearInside);
    this.errors = new PageErrors(doc, () => this.touch());
    this.pageObserver = new MO((records) => this.countPage(records));
    this.pageObserver.observe(doc.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
    view?.addEventListener('beforeunload', this.onUnload);
    view?.addEventListener('pagehide', this.onUnload);
    this.countFrames(view);
  }

  /** Counts rendered frames up to the window's floor (two rAF callbacks, then the chain stops). */
  private countFrames(view: Window | null): void {
    if (!view || typeof view.requestAnimationFrame !== 'function') return;
    this.frames = 0;
    const frame = (): void => {
      if (this.frames === null) return;
      this.frames++;
      if (this.frames < ACTION_WINDOW.minFrames) view.requestAnimationFrame(frame);
    };
    view.requestAnimationFrame(frame);
  }

  /**
   * Marks this as a pointer action whose press lands on `hit`: evidence must then belong to the target
   * (see the file comment), and focus on an ancestor of `hit` is the press's own doing.
   */
  pressedAt(hit: Element): void {
    this.hit = hit;
  }

  /**
   * A right-click: the page's context menu is drawn where the pointer is, usually at the end of the
   * body and related to nothing, so any menu that opens counts (UI Events §5.3.2 contextmenu).
   */
  expectMenu(): void {
    this.anyMenu = true;
  }

  private touch(): void {
    this.lastActivityAt = now();
  }

  private countPage(records: readonly MutationRecord[]): void {
    this.pageMutations += records.length;
    this.appear.record(records);
    if (records.some(isActivity)) this.touch();
  }

  private countTarget(records: readonly MutationRecord[]): void {
    const substantive = this.hit ? records.filter((r) => !isStylingRecord(r)).length : records.length;
    this.stylingMutations += records.length - substantive;
    if (this.syncClosed) this.lateTargetMutations += substantive;
    else this.syncTargetMutations += substantive;
  }

  private countWrapper(records: readonly MutationRecord[]): void {
    if (!this.syncClosed) this.syncWrapperMutations += records.filter((r) => !isStylingRecord(r)).length;
  }

  /** True once the page started unloading (a navigation): further waiting is pointless. */
  get navigating(): boolean {
    return this.unloading;
  }

  /** Ends the synchronous interval: later target mutations are diagnostics, not progress. */
  closeSyncInterval(): void {
    this.flush();
    this.syncClosed = true;
  }

  private flush(): void {
    this.countTarget(this.targetObserver.takeRecords());
    this.controlledMutations += this.controlledObserver.takeRecords().filter((r) => !isStylingRecord(r)).length;
    this.countWrapper(this.wrapperObserver.takeRecords());
    this.countPage(this.pageObserver.takeRecords());
  }

  /**
   * Waits until the page is quiet (quiet-window.ts): no activity for a short settle, at least
   * `rule.minMs` after the action, at most `rule.maxMs`. The synchronous interval closes on the way.
   */
  async untilQuiet(rule: QuietRule = ACTION_WINDOW): Promise<void> {
    for (;;) {
      this.flush();
      const t = now();
      if (freshAnimation(this.doc, this.animations)) this.lastActivityAt = t;
      if (!this.syncClosed && t - this.startedAt >= INTERVAL_SYNC_MS) this.closeSyncInterval();
      const verdict = windowVerdict(
        {
          startedAt: this.startedAt,
          lastActivityAt: this.lastActivityAt,
          now: t,
          navigating: this.unloading,
          // A hidden document renders no frames (HTML §8.1.7.3): nothing to wait for there.
          ...(this.frames !== null && this.doc.visibilityState !== 'hidden' ? { frames: this.frames } : {}),
        },
        rule,
      );
      if (verdict !== 'wait') return;
      await sleep(STEP_MS);
    }
  }

  /** Pointer actions only count what belongs to the target; other actions keep every signal. */
  private owned(node: Element): boolean {
    return this.hit === null || relatedTo(this.targets, node);
  }

  /**
   * A press focuses the first focusable ancestor of what it hit (mousedown's default action), so that
   * focus proves nothing, except on a text field without a popup, where taking focus is the result.
   */
  private focusIsEvidence(focus: Element): boolean {
    if (!this.hit || !flatContains(focus, this.hit)) return true;
    const t = this.targets[0];
    const textEntry =
      isTextArea(focus) || (isInput(focus) && TEXT_INPUT_TYPES.has(focus.type)) || isContentEditable(focus);
    return (
      !!t &&
      textEntry &&
      roleOf(t) !== 'combobox' &&
      !t.hasAttribute('aria-expanded') &&
      !t.hasAttribute('aria-haspopup')
    );
  }

  report(): ObservationReport {
    this.flush();
    const progress: string[] = [];
    const diagnostics: string[] = [];
    const changes: Changes = {};
    if (this.unloading) progress.push('the page started navigating');
    if (this.doc.URL !== this.url) {
      // Reported to the model: sanitized like every URL Weaverbird reports (shared/url-sanitize.ts).
      changes.url = sanitizeUrl(this.doc.URL);
      progress.push('URL changed');
    }
    const focus = deepActiveElement(this.doc);
    if (focus !== this.focus && focus && focus !== this.doc.body) {
      changes.focus = describe(focus);
      if (this.focusIsEvidence(focus)) progress.push('focus moved');
      else diagnostics.push('focus moved to what the press hit (its own default action)');
    }
    const stateChanges: string[] = [];
    for (const [el, before] of this.states) {
      if (!el.isConnected) continue;
      stateChanges.push(...diffStates(before, semanticStates(el)));
    }
    if (stateChanges.length > 0) {
      changes.states = [...new Set(stateChanges)];
      progress.push('target state changed');
    }
    const newDialog = [...visibleSet(this.doc, OVERLAY_SELECTOR)].find((d) => !this.dialogs.has(d));
    if (newDialog) {
      changes.dialogOpened = describe(newDialog);
      if (this.owned(newDialog)) progress.push('a dialog opened');
      else diagnostics.push('a dialog the target does not control opened');
    }
    const newPopups = [...visibleSet(this.doc, POPUP_SELECTOR)].filter((p) => !this.popups.has(p));
    const ownPopup = newPopups.find(
      (p) => roleOf(p) !== 'tooltip' && (this.owned(p) || (this.anyMenu && roleOf(p) === 'menu')),
    );
    const newPopup = ownPopup ?? newPopups[0];
    if (newPopup) {
      changes.popupOpened = describe(newPopup);
      if (ownPopup) progress.push('a popup opened');
      else diagnostics.push(`a ${roleOf(newPopup)} the target does not control opened`);
    }
    const closed = [...this.dialogs].filter((d) => !d.isConnected || visualState(d).hidden !== null);
    if (closed.some((d) => this.hit === null || this.holdingDialogs.has(d) || this.owned(d)))
      progress.push('a dialog closed');
    else if (closed.length > 0) diagnostics.push('a dialog the target does not control closed');
    if (this.targets[0] && !this.targets[0].isConnected) {
      changes.targetRemoved = true;
      progress.push('the target left the page');
    }
    for (const [c, wasShown] of this.controlled) {
      const shown = c.isConnected && visualState(c).hidden === null;
      if (shown !== wasShown) {
        progress.push(`${describe(c, false)}, which the target controls, was ${shown ? 'shown' : 'hidden'}`);
        break;
      }
    }
    if (this.controlledMutations > 0) progress.push('what the target controls changed');
    if (this.hit && this.syncWrapperMutations > 0) progress.push('the widget around the target changed right away');
    if (this.stylingMutations > 0)
      diagnostics.push(`${this.stylingMutations} style/class change(s) on the target (hover/focus styling)`);
    if (this.syncTargetMutations > 0) progress.push('the target changed right away');
    if (this.lateTargetMutations > 0) diagnostics.push(`${this.lateTargetMutations} later change(s) inside the target`);
    if (this.pageMutations > 0) diagnostics.push(`${this.pageMutations} change(s) elsewhere on the page`);
    const appeared = this.appear.lines();
    if (appeared.length > 0) changes.appeared = appeared;
    const errors = this.errors.list();
    if (errors.length > 0) changes.consoleErrors = errors;
    return { progress, diagnostics, changes };
  }

  /** APIs needing user activation that the page called without it during the action (core.ts). */
  gesturesNeeded(): string[] {
    return this.errors.gestures();
  }

  /** History entries the page pushed without user activation during the action (core.ts). */
  pushesWithoutActivation(): number {
    return this.errors.pushesWithoutActivation();
  }

  stop(): void {
    this.targetObserver.disconnect();
    this.controlledObserver.disconnect();
    this.wrapperObserver.disconnect();
    this.pageObserver.disconnect();
    this.errors.stop();
    const view = this.doc.defaultView;
    view?.removeEventListener('beforeunload', this.onUnload);
    view?.removeEventListener('pagehide', this.onUnload);
  }
}

/**
 * Waits until the page is quiet (an adaptive window: quiet-window.ts), closes the synchronous interval,
 * and returns the report. With `keep`, the observation stays on (the caller arms it for late
 * evidence or a retry decision); otherwise it is stopped.
 */
export async function settle(
  obs: Observation,
  opts: { minMs?: number; keep?: boolean } = {},
): Promise<ObservationReport> {
  await obs.untilQuiet({ ...ACTION_WINDOW, minMs: Math.max(ACTION_WINDOW.minMs, opts.minMs ?? 0) });
  obs.closeSyncInterval();
  const report = obs.report();
  if (!opts.keep) keepForLate(obs);
  return report;
}

// ---- observations armed for the worker's CDP input ------------------------------------------------------

/** Something the worker collects after its trusted input: an observation report or hover findings. */
export interface ArmedWatch {
  collect(): Promise<unknown>;
  stop(): void;
}
interface Armed {
  watch: ArmedWatch;
  expires: number;
  /** The element the trusted input must reach (re-checked at dispatch, input-recheck.ts). */
  target: Element | undefined;
}
const armed = new Map<string, Armed>();
let tokenCounter = 0;

/** Keeps a watch alive across the worker's CDP input; collected (or canceled) by token. */
export function arm(watch: ArmedWatch | Observation, target?: Element): string {
  const w: ArmedWatch =
    watch instanceof Observation ? { collect: () => settle(watch), stop: () => watch.stop() } : watch;
  const now = Date.now();
  for (const [k, v] of armed) {
    if (v.expires < now) {
      v.watch.stop();
      armed.delete(k);
    }
  }
  tokenCounter += 1;
  const token = `obs_${now.toString(36)}_${tokenCounter}`;
  armed.set(token, { watch: w, expires: now + 15_000, target });
  return token;
}

/** An armed entry without taking it: the dispatch re-check reads it before the input is sent. */
export function peekArmed(token: string): { watch: ArmedWatch; target: Element | undefined } | null {
  const entry = armed.get(token);
  return entry ? { watch: entry.watch, target: entry.target } : null;
}

export function takeArmed(token: string): ArmedWatch | null {
  const entry = armed.get(token);
  if (!entry) return null;
  armed.delete(token);
  return entry.watch;
}

/**
 * Did the action do anything? An observation takes a baseline (URL, focus, the target's semantic
 * states, open dialogs and popups) and records mutations, then reports progress signals and the
 * changes the model should hear about.
 *
 * Progress, per the reference's click rules: a URL change, a handler-driven focus change, a
 * target-local mutation in the first (synchronous) interval, a semantic state change of the target
 * (checked, expanded, selected, pressed, current, open, value) at any time, a dialog or popup opening,
 * or the target leaving the page. Whole-page churn and late target class/style/child/text changes
 * are only diagnostics: unread badges, timestamps and chat previews change on their own.
 */
import type { Changes } from '../../src/tools/actions';
import { deepActiveElement, describe, diffStates, semanticStates } from './element-info';
import { visualState } from './reachability';

const INTERVAL_SYNC_MS = 80;
const INTERVAL_DELAYED_MS = 320;

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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class Observation {
  private readonly url: string;
  private readonly focus: Element | null;
  private readonly states: Map<Element, Record<string, string>>;
  private readonly dialogs: Set<Element>;
  private readonly popups: Set<Element>;
  private readonly targetObserver: MutationObserver;
  private readonly pageObserver: MutationObserver;
  private syncClosed = false;
  private syncTargetMutations = 0;
  private lateTargetMutations = 0;
  private pageMutations = 0;
  private unloading = false;
  private readonly onUnload = (): void => {
    this.unloading = true;
  };

  constructor(
    private readonly doc: Document,
    private readonly targets: readonly Element[],
  ) {
    this.url = doc.URL;
    this.focus = deepActiveElement(doc);
    this.states = new Map(targets.map((t) => [t, semanticStates(t)]));
    this.dialogs = visibleSet(doc, OVERLAY_SELECTOR);
    this.popups = visibleSet(doc, POPUP_SELECTOR);
    const view = doc.defaultView;
    const MO = view?.MutationObserver ?? MutationObserver;
    this.targetObserver = new MO((records) => {
      if (this.syncClosed) this.lateTargetMutations += records.length;
      else this.syncTargetMutations += records.length;
    });
    const options: MutationObserverInit = { attributes: true, childList: true, subtree: true, characterData: true };
    for (const t of targets) {
      this.targetObserver.observe(t, options);
      if (t.shadowRoot) this.targetObserver.observe(t.shadowRoot, options);
    }
    this.pageObserver = new MO((records) => {
      this.pageMutations += records.length;
    });
    this.pageObserver.observe(doc.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    });
    view?.addEventListener('beforeunload', this.onUnload);
    view?.addEventListener('pagehide', this.onUnload);
  }

  /** True once the page started unloading (a navigation): further waiting is pointless. */
  get navigating(): boolean {
    return this.unloading;
  }

  /** Waits up to `ms`, returning early when the page starts to unload. */
  async wait(ms: number): Promise<void> {
    const step = 20;
    for (let t = 0; t < ms && !this.unloading; t += step) await sleep(Math.min(step, ms - t));
  }

  /** Ends the synchronous interval: later target mutations are diagnostics, not progress. */
  closeSyncInterval(): void {
    this.flush();
    this.syncClosed = true;
  }

  private flush(): void {
    const pending = this.targetObserver.takeRecords().length;
    if (this.syncClosed) this.lateTargetMutations += pending;
    else this.syncTargetMutations += pending;
    this.pageMutations += this.pageObserver.takeRecords().length;
  }

  report(): ObservationReport {
    this.flush();
    const progress: string[] = [];
    const diagnostics: string[] = [];
    const changes: Changes = {};
    if (this.unloading) progress.push('the page started navigating');
    if (this.doc.URL !== this.url) {
      changes.url = this.doc.URL;
      progress.push('URL changed');
    }
    const focus = deepActiveElement(this.doc);
    if (focus !== this.focus && focus && focus !== this.doc.body) {
      changes.focus = describe(focus);
      progress.push('focus moved');
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
      progress.push('a dialog opened');
    }
    const newPopup = [...visibleSet(this.doc, POPUP_SELECTOR)].find((p) => !this.popups.has(p));
    if (newPopup) {
      changes.popupOpened = describe(newPopup);
      progress.push('a popup opened');
    }
    const closedDialog = [...this.dialogs].some((d) => !d.isConnected || visualState(d).hidden !== null);
    if (closedDialog) progress.push('a dialog closed');
    if (this.targets[0] && !this.targets[0].isConnected) {
      changes.targetRemoved = true;
      progress.push('the target left the page');
    }
    if (this.syncTargetMutations > 0) progress.push('the target changed right away');
    if (this.lateTargetMutations > 0) diagnostics.push(`${this.lateTargetMutations} later change(s) inside the target`);
    if (this.pageMutations > 0) diagnostics.push(`${this.pageMutations} change(s) elsewhere on the page`);
    return { progress, diagnostics, changes };
  }

  stop(): void {
    this.targetObserver.disconnect();
    this.pageObserver.disconnect();
    const view = this.doc.defaultView;
    view?.removeEventListener('beforeunload', this.onUnload);
    view?.removeEventListener('pagehide', this.onUnload);
  }
}

/**
 * Waits through both observation intervals, stopping after the first when it already shows
 * progress, and returns the last report. The observation is stopped afterwards.
 */
export async function settle(obs: Observation, delayedMs = INTERVAL_DELAYED_MS): Promise<ObservationReport> {
  await obs.wait(INTERVAL_SYNC_MS);
  obs.closeSyncInterval();
  let report = obs.report();
  if (report.progress.length === 0 && !obs.navigating) {
    await obs.wait(delayedMs);
    report = obs.report();
  }
  obs.stop();
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

/**
 * What appeared after an action (issue 25): a toast, a dialog, a validation message, a submenu, a
 * tooltip, rows a feed loaded. Printed as tree lines with the refs the tree gives (one grammar, one
 * ref space: content-scripts/reads/element-line.ts), so the model can act on them without a re-read.
 *
 * Candidates are elements added anywhere in the document, elements near the target or with an overlay
 * role that were hidden when the action began, live regions whose text changed (WAI-ARIA 1.2 §6.3.5:
 * a `role=status`/`alert` or `aria-live` region is how pages announce a result), and fields whose
 * `aria-invalid` turned true. At the end, only those a person can see now are kept, outermost first;
 * the target's own subtree is not "something that appeared" (its state is in `changes.states`).
 */
import { elementLine } from '../reads/element-line';
import { isElementNode } from './element-info';
import { flatContains } from './pointer';
import { visualState } from './reachability';

const NEAR_LIMIT = 400;
const OVERLAY_ROLES =
  'dialog, [role="dialog"], [role="alertdialog"], [role="alert"], [role="status"], [role="tooltip"], [role="menu"], [role="listbox"], [aria-live]';
const LIVE_REGION = '[role="alert"], [role="status"], [role="log"], [aria-live="polite"], [aria-live="assertive"]';
const SKIP_TAGS = new Set(['script', 'style', 'link', 'meta', 'template', 'noscript', 'br']);
const ACTIONABLE =
  'a[href], button, input, select, textarea, [role="button"], [role="link"], [role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"], [role="option"], [role="tab"], [role="checkbox"], [role="switch"], [tabindex]:not([tabindex="-1"])';
const EDITORS = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]';
/** Lines per appeared element and in all: a result is a pointer to what appeared, not a read of it. */
const CHILD_LINES = 6;
const MAX_LINES = 14;
const MAX_ITEMS = 5;

function hasContent(el: Element): boolean {
  if (SKIP_TAGS.has(el.localName)) return false;
  return (el.textContent ?? '').trim() !== '' || el.matches(ACTIONABLE) || el.querySelector(ACTIONABLE) !== null;
}

export class AppearTracker {
  private readonly candidates = new Set<Element>();
  private readonly hiddenAtStart: Element[];

  /** `inside`: what appears within the target counts too (a CSS `li:hover > ul` submenu under a hovered item). */
  constructor(
    doc: Document,
    private readonly targets: readonly Element[],
    private readonly inside = false,
  ) {
    const near = targets[0]?.parentElement;
    const nearby = near ? [...near.querySelectorAll('*')].slice(0, NEAR_LIMIT) : [];
    const overlays = [...doc.querySelectorAll(OVERLAY_ROLES)].slice(0, NEAR_LIMIT);
    this.hiddenAtStart = [...new Set([...nearby, ...overlays])].filter(
      (e) => !SKIP_TAGS.has(e.localName) && visualState(e).hidden !== null,
    );
  }

  /** Feeds the page observer's records (observe.ts owns the one MutationObserver on the document). */
  record(records: readonly MutationRecord[]): void {
    for (const r of records) {
      if (r.type === 'childList') for (const n of r.addedNodes) if (isElementNode(n)) this.candidates.add(n);
      if (r.type === 'attributes' && r.attributeName === 'aria-invalid' && isElementNode(r.target))
        this.candidates.add(r.target);
      if (r.type === 'childList' || r.type === 'characterData') {
        const host = isElementNode(r.target) ? r.target : r.target.parentElement;
        const live = host?.closest(LIVE_REGION);
        if (live) this.candidates.add(live);
      }
    }
  }

  /**
   * The target's own subtree is its state, not something that appeared, except an editor opening in
   * it: edit-in-place (a grid cell that becomes an input) is exactly what the model must act on next.
   */
  private ownedByTarget(el: Element): boolean {
    if (this.inside || el.matches(EDITORS)) return this.targets.includes(el);
    return this.targets.some((t) => flatContains(t, el));
  }

  /** The appeared elements a person can see now, outermost only, most telling first. */
  elements(): Element[] {
    const seen = [...this.candidates, ...this.hiddenAtStart].filter(
      (e) => e.isConnected && !this.ownedByTarget(e) && hasContent(e) && visualState(e).hidden === null,
    );
    const unique = [...new Set(seen)];
    const outer = unique.filter((e) => !unique.some((o) => o !== e && o.contains(e)));
    const rank = (e: Element): number => (e.matches(OVERLAY_ROLES) ? 0 : 1);
    return outer.sort((a, b) => rank(a) - rank(b)).slice(0, MAX_ITEMS);
  }

  /** Tree lines: each appeared element, then (indented) what can be acted on inside it. */
  lines(): string[] {
    const out: string[] = [];
    for (const el of this.elements()) {
      if (out.length >= MAX_LINES) break;
      out.push(elementLine(el));
      const inner = [...el.querySelectorAll(ACTIONABLE)]
        .filter((c) => visualState(c).hidden === null)
        .slice(0, CHILD_LINES);
      for (const c of inner) if (out.length < MAX_LINES) out.push(`  ${elementLine(c)}`);
    }
    return out;
  }
}

/**
 * Open overlays: dialogs, the popups of expanded comboboxes and menu buttons (often portalled far
 * from their control, so found through aria-controls/aria-owns), and listboxes or menus laid out as
 * popups. The builder prints them first, under [open overlays], so a page cut cannot hide them.
 */
import { idRefs } from './flat-tree';
import { computeRole } from './roles';
import type { AxContext } from './style-cache';

/** Records the popups of expanded comboboxes and menu buttons in one tree scope (document or shadow root). */
export function scanPopups(scope: Document | ShadowRoot, ctx: AxContext, targets: Map<Element, Element>): void {
  for (const control of Array.from(scope.querySelectorAll('[aria-expanded="true" i]'))) {
    const haspopup = control.getAttribute('aria-haspopup')?.trim().toLowerCase();
    const opensPopup = (haspopup !== undefined && haspopup !== 'false') || computeRole(control, ctx) === 'combobox';
    if (!opensPopup) continue;
    for (const target of [...idRefs(control, 'aria-controls'), ...idRefs(control, 'aria-owns')]) {
      // A control that "controls" its own ancestor is a disclosure wrapper, not a popup.
      if (target !== control && !target.contains(control)) targets.set(target, control);
    }
  }
}

function isPositioned(style: CSSStyleDeclaration | null): boolean {
  const p = style?.position;
  return p === 'absolute' || p === 'fixed';
}

export interface OverlayInfo {
  /** The expanded control that opened it, when known. */
  controller: Element | undefined;
}

/** Whether the element is an open overlay (it is rendered: the walk only asks about rendered elements). */
export function overlayOf(
  el: Element,
  role: string,
  style: CSSStyleDeclaration | null,
  parentStyle: CSSStyleDeclaration | null,
  popupTargets: ReadonlyMap<Element, Element>,
): OverlayInfo | null {
  const controller = popupTargets.get(el);
  if (controller) return { controller };
  if (role === 'dialog' || role === 'alertdialog') return { controller: undefined };
  if ((role === 'listbox' || role === 'menu') && el.localName !== 'select') {
    if (isPositioned(style) || isPositioned(parentStyle) || el.hasAttribute('popover')) {
      return { controller: undefined };
    }
  }
  return null;
}

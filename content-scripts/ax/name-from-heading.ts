/**
 * "Name from heading": a dialog, alertdialog or article without an author name is named by its first
 * heading in depth-first order. This is the WAI-ARIA proposal w3c/aria#1860 (WPT
 * accname/name/comp_name_from_heading.tentative.html), not yet in accname 1.2 nor in Chrome; the tree
 * follows it because an agent told `dialog "Delete project?"` knows what it is looking at without
 * reading the dialog's content, while screen readers already announce the heading on entry.
 */
import type { AxContext } from './style-cache';
import { flatChildren, isElement } from './flat-tree';
import { isHiddenFromAx } from './visibility';

export const NAME_FROM_HEADING_ROLES: ReadonlySet<string> = new Set(['dialog', 'alertdialog', 'article']);

/** A heading deeper than this many elements into a big dialog is not its title; stop looking. */
const MAX_VISITED = 500;

/**
 * The first rendered heading under `root` (flat tree, shadow content included), not counting those of
 * a nested dialog or article, which name that one instead. `roleOf` is the tree's role computation.
 */
export function firstHeading(root: Element, ctx: AxContext, roleOf: (el: Element) => string): Element | null {
  const stack: Element[] = [];
  const push = (el: Element) => {
    const kids = flatChildren(el).filter(isElement);
    for (let i = kids.length - 1; i >= 0; i--) {
      const kid = kids[i];
      if (kid) stack.push(kid);
    }
  };
  push(root);
  let visited = 0;
  while (stack.length > 0 && visited < MAX_VISITED) {
    const el = stack.pop();
    if (!el) break;
    visited++;
    if (isHiddenFromAx(el, ctx)) continue;
    const role = roleOf(el);
    if (role === 'heading') return el;
    if (NAME_FROM_HEADING_ROLES.has(role)) continue;
    push(el);
  }
  return null;
}

/**
 * What a drag moved, judged by the page's own change: the order of the lists the dragged item and
 * the drop target sit in, before and after, as the names the tree prints. A sortable list, a kanban
 * board and a pointer kit all show a drop the same way: an item is in another place among its
 * siblings, or under another parent. Frameworks that re-render on drop (React keys) keep the
 * element or put one with the same name there, so both the element and its name are followed.
 */
import { describe, isInput, shortName } from './element-info';

const MAX_ITEMS = 20;

export interface OrderSnapshot {
  /** A slider handle's value (aria-valuetext, else aria-valuenow; a range input's value): a drag moves it. */
  value: string | null;
  containers: Element[];
  orders: string[][];
  parent: Element | null;
  index: number;
  name: string;
}

function namesOf(container: Element): string[] {
  return [...container.children].map((c) => shortName(c).replace(/\s+/g, ' ').trim()).filter((n) => n !== '');
}

/** The drop target's list: its parent when it is an item like the dragged one, else itself (a column, a zone). */
function listOf(dropTarget: Element, item: Element): Element | null {
  const likeItem = dropTarget.parentElement === item.parentElement || dropTarget.localName === item.localName;
  return likeItem ? dropTarget.parentElement : dropTarget;
}

export function snapshotOrder(item: Element, dropTarget: Element | null): OrderSnapshot {
  const containers = new Set<Element>();
  const own = item.parentElement;
  if (own) containers.add(own);
  const dest = dropTarget ? listOf(dropTarget, item) : null;
  if (dest && !dest.contains(own)) containers.add(dest);
  const list = [...containers];
  return {
    value: valueOf(item),
    containers: list,
    orders: list.map(namesOf),
    parent: own,
    index: own ? [...own.children].indexOf(item) : -1,
    name: shortName(item).replace(/\s+/g, ' ').trim(),
  };
}

function printOrder(container: Element, names: string[]): string {
  const shown = names.slice(0, MAX_ITEMS).map((n) => JSON.stringify(n.slice(0, 60)));
  const more = names.length > MAX_ITEMS ? `, … ${names.length - MAX_ITEMS} more` : '';
  return `${describe(container)}: ${shown.join(', ')}${more}`;
}

function valueOf(el: Element): string | null {
  if (isInput(el) && el.type === 'range') return el.value;
  return el.getAttribute('aria-valuetext') ?? el.getAttribute('aria-valuenow');
}

export function printOrders(s: OrderSnapshot, orders: string[][] = s.orders): string[] {
  return s.containers.map((c, i) => printOrder(c, orders[i] ?? []));
}

/** Where the dragged item is now: the element if still connected, else a sibling-list item with its name. */
function findItem(item: Element, before: OrderSnapshot): Element | null {
  if (item.isConnected) return item;
  for (const c of before.containers)
    for (const child of c.children) if (shortName(child).replace(/\s+/g, ' ').trim() === before.name) return child;
  return null;
}

export interface OrderChange {
  moved?: string;
  verified: boolean;
  after: string[];
}

/** Compares now with `before`: verified when a watched list's order changed or the item changed parent. */
export function orderChange(item: Element, before: OrderSnapshot): OrderChange {
  const now = findItem(item, before);
  const value = now ? valueOf(now) : null;
  if (before.value !== null && value !== null && value !== before.value) {
    const what = `${describe(now ?? item)} value ${JSON.stringify(before.value)} → ${JSON.stringify(value)}`;
    return { moved: what, verified: true, after: printOrders(before) };
  }
  if (now?.parentElement && !before.containers.includes(now.parentElement)) before.containers.push(now.parentElement);
  const orders = before.containers.map((c) => (c.isConnected ? namesOf(c) : []));
  const after = printOrders(before, orders);
  const changed = orders.some((o, i) => JSON.stringify(o) !== JSON.stringify(before.orders[i] ?? []));
  const parent = now?.parentElement ?? null;
  const index = parent && now ? [...parent.children].indexOf(now) : -1;
  if (!changed && parent === before.parent && index === before.index) return { verified: false, after };
  const where =
    parent && parent !== before.parent
      ? `from position ${before.index + 1} of ${before.parent ? describe(before.parent) : 'its list'} to position ${index + 1} of ${describe(parent)}`
      : `from position ${before.index + 1} to position ${index + 1}`;
  const what = JSON.stringify(before.name.slice(0, 60));
  return { moved: now ? `${what} moved ${where}` : `${what} left its list`, verified: true, after };
}

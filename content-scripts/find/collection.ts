/**
 * Where a candidate sits in a repeated layout: `in table "Invoices" row "May 13" col "Actions"` or
 * `in list "Team members" item "Ada Lovelace"`. Detection is by role (ARIA row / listitem and their
 * HTML equivalents), never by app-specific markers. Row text also serves `find` as a weak signal
 * ("download the invoice from May 13").
 */
import { computeName } from '../ax/names';
import { ROW_TEXT_MAX } from '../../shared/find-contract';
import { collapse, quote } from '../ax/render';
import { cut } from '../../shared/text';
import type { AxContext } from '../ax/style-cache';
import { parentAcross } from './candidates';

/** A row's key (its first text) and the names around it are cut here (browxai's rowKey, 80). */
const KEY_MAX = 80;

function roleAttr(el: Element): string {
  return (el.getAttribute('role') ?? '').trim().split(/\s+/)[0] ?? '';
}

function isRow(el: Element): boolean {
  const r = roleAttr(el);
  return r === 'row' || (r === '' && el.localName === 'tr');
}

function isItem(el: Element): boolean {
  const r = roleAttr(el);
  return r === 'listitem' || r === 'option' || r === 'article' || (r === '' && el.localName === 'li');
}

function isTable(el: Element): boolean {
  const r = roleAttr(el);
  return r === 'table' || r === 'grid' || r === 'treegrid' || (r === '' && el.localName === 'table');
}

function isList(el: Element): boolean {
  const r = roleAttr(el);
  return (
    r === 'list' || r === 'listbox' || r === 'feed' || (r === '' && (el.localName === 'ul' || el.localName === 'ol'))
  );
}

function isCell(el: Element): boolean {
  const r = roleAttr(el);
  if (r) return r === 'cell' || r === 'gridcell' || r === 'columnheader' || r === 'rowheader';
  return el.localName === 'td' || el.localName === 'th';
}

function textOf(el: Element): string {
  return collapse(el.textContent ?? '').trim();
}

function short(text: string): string {
  return cut(text, KEY_MAX);
}

function cellsOf(row: Element): Element[] {
  return [...row.children].filter(isCell);
}

/** The header text over column `index`: the first row whose cells are all headers. */
function columnHeader(table: Element, index: number): string {
  const rows = table.querySelectorAll('tr, [role="row"]');
  for (const row of rows) {
    const cells = cellsOf(row);
    if (cells.length === 0) continue;
    const headers = cells.every((c) => c.localName === 'th' || roleAttr(c) === 'columnheader');
    if (!headers) return '';
    const cell = cells[index];
    return cell ? short(textOf(cell)) : '';
  }
  return '';
}

/**
 * Where `el` sits: its row (with the cell it is in) or its list item, found by walking up. Cheap (no
 * name, no header lookup): `find` asks this of every match, for the row text its score reads, and
 * spells out `contextText` only for the few candidates it returns.
 */
export interface CollectionPlace {
  /** The row or the list item. */
  at: Element;
  /** The cell of the row that holds `el` (rows only). */
  cell: Element | null;
  kind: 'row' | 'item';
}

export function collectionPlace(el: Element): CollectionPlace | null {
  let cell: Element | null = null;
  for (let a: Element | null = el; a; a = parentAcross(a)) {
    if (!cell && isCell(a)) cell = a;
    if (isRow(a)) return { at: a, cell, kind: 'row' };
    if (isItem(a) && a !== el) return { at: a, cell: null, kind: 'item' };
  }
  return null;
}

/** The row's or item's whole text, lower-cased (at most 200 characters). */
export function rowTextOf(place: CollectionPlace): string {
  return textOf(place.at).slice(0, 200).toLowerCase();
}

/**
 * The row's or item's whole text (browxai's rowText), cut at ROW_TEXT_MAX without splitting an
 * emoji; '' when it says nothing `context` does not (a one-cell row whose key is all of it).
 */
export function rowTextFor(place: CollectionPlace, context: string): string {
  const all = textOf(place.at);
  if (all === '' || context.includes(quote(all))) return '';
  return cut(all, ROW_TEXT_MAX);
}

/** `in table "Invoices" row "May 13" col "Actions"` or `in list "Team members" item "Ada Lovelace"`. */
export function contextText(place: CollectionPlace, ctx: AxContext): string {
  return place.kind === 'row' ? rowContext(place.at, place.cell, ctx) : itemContext(place.at, ctx);
}

function rowContext(row: Element, cell: Element | null, ctx: AxContext): string {
  let table: Element | null = null;
  for (let a = parentAcross(row); a; a = parentAcross(a)) {
    if (isTable(a)) {
      table = a;
      break;
    }
  }
  const cells = cellsOf(row);
  const key = cells.map(textOf).find((t) => t !== '') ?? '';
  let text = 'in table';
  const name = table ? collapse(computeName(table, ctx)).trim() : '';
  if (name) text += ` ${quote(short(name))}`;
  if (key) text += ` row ${quote(short(key))}`;
  if (cell && table) {
    const col = columnHeader(table, cells.indexOf(cell));
    if (col) text += ` col ${quote(col)}`;
  }
  return text;
}

function itemContext(item: Element, ctx: AxContext): string {
  let list: Element | null = null;
  for (let a = parentAcross(item); a; a = parentAcross(a)) {
    if (isList(a)) {
      list = a;
      break;
    }
  }
  const name = list ? collapse(computeName(list, ctx)).trim() : '';
  const all = textOf(item);
  let text = 'in list';
  if (name) text += ` ${quote(short(name))}`;
  if (all) text += ` item ${quote(short(all))}`;
  return text;
}

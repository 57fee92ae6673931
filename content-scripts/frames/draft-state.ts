/**
 * Unsaved work in one frame, for `promote_iframe`: navigating the tab away from an embedding page
 * throws away every draft in its frames, so promotion fails closed when a frame holds one.
 *
 * Form controls are compared with their defaults (HTML §4.10: value vs defaultValue, checkedness vs
 * defaultChecked, selectedness vs defaultSelected), which is exact and ignores how the edit was made.
 * Content-editable regions and custom widgets have no default to compare with, so edits there are
 * learned from `input` events seen since this script loaded (events from inside closed shadow roots
 * arrive retargeted to their host, which is still enough to say "this widget was edited").
 */
import { getAxApi } from '../ax/api';
import { getRefRegistry } from '../ax/ref-registry';
import type { EditLog } from './edit-log';
import { isShadowRootNode, walkComposed } from './shadow-roots';

interface DraftField {
  ref: string;
  tag: string;
  type: string;
  /** Accessible name (never the value: drafts may hold passwords or personal data). */
  name: string;
}

export interface DraftState {
  url: string;
  changedFields: DraftField[];
  attachedFiles: (DraftField & { files: number })[];
  editedRegions: DraftField[];
  /** Edits seen on widgets whose state cannot be compared with a default (custom elements, ARIA textboxes). */
  unverifiedEdits: DraftField[];
  /** Edits seen before the always-on core could watch (it loads at document_idle) are invisible; say so. */
  watchingSince: number;
  /** Totals before the per-list cap. */
  totals: { changed: number; files: number; regions: number; unverified: number };
}

const LIST_CAP = 15;
const SKIP_INPUT_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image']);

function field(el: Element): DraftField {
  const described = getAxApi(globalThis)?.describe(el);
  return {
    ref: getRefRegistry(globalThis).refFor(el),
    tag: el.localName,
    type: el.getAttribute('type') ?? '',
    name: described?.ok ? described.data.name.slice(0, 80) : (el.getAttribute('name') ?? ''),
  };
}

function selectChanged(select: HTMLSelectElement): boolean {
  const options = Array.from(select.options);
  if (select.multiple || select.size > 1) return options.some((o) => o.selected !== o.defaultSelected);
  // HTML's selectedness setting: with no defaultSelected option, the first enabled option is selected.
  let defaultIndex = -1;
  options.forEach((o, i) => {
    if (o.defaultSelected) defaultIndex = i;
  });
  if (defaultIndex < 0) defaultIndex = options.findIndex((o) => !o.disabled);
  return select.selectedIndex !== defaultIndex;
}

export function inspectDraftState(doc: Document, log: EditLog | null): DraftState {
  const changed: Element[] = [];
  const files: (DraftField & { files: number })[] = [];
  const regions: DraftField[] = [];
  const unverified: DraftField[] = [];
  const view = doc.defaultView;
  for (const el of walkComposed(doc)) {
    if (view && el instanceof view.HTMLInputElement) {
      const type = el.type;
      if (SKIP_INPUT_TYPES.has(type)) continue;
      if (type === 'file') {
        const count = el.files?.length ?? 0;
        if (count > 0) files.push({ ...field(el), files: count });
      } else if (type === 'checkbox' || type === 'radio') {
        if (el.checked !== el.defaultChecked) changed.push(el);
      } else if (el.value !== el.defaultValue) {
        changed.push(el);
      }
    } else if (view && el instanceof view.HTMLTextAreaElement) {
      if (el.value !== el.defaultValue) changed.push(el);
    } else if (view && el instanceof view.HTMLSelectElement) {
      if (selectChanged(el)) changed.push(el);
    }
  }
  for (const el of log?.edited ?? []) {
    if (!el.isConnected) continue;
    const tag = el.localName;
    if (tag === 'input' || tag === 'textarea' || tag === 'select') continue;
    if (el instanceof HTMLElement && el.isContentEditable) regions.push(field(el));
    // A custom widget whose inner controls we reached and found changed is already counted; one
    // whose edit left no comparable trace is real but unverifiable.
    else if (!changed.some((c) => composedContains(el, c))) unverified.push(field(el));
  }
  return {
    url: doc.URL,
    changedFields: changed.slice(0, LIST_CAP).map(field),
    attachedFiles: files.slice(0, LIST_CAP),
    editedRegions: regions.slice(0, LIST_CAP),
    unverifiedEdits: unverified.slice(0, LIST_CAP),
    watchingSince: log?.since ?? Date.now(),
    totals: { changed: changed.length, files: files.length, regions: regions.length, unverified: unverified.length },
  };
}

/** Node.contains across shadow boundaries (contains() stops at a shadow root). */
function composedContains(ancestor: Element, el: Element): boolean {
  let node: Node | null = el;
  while (node) {
    if (node === ancestor) return true;
    node = isShadowRootNode(node) ? node.host : node.parentNode;
  }
  return false;
}

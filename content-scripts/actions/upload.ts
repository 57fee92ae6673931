/**
 * upload_file in the page: the files are built here (`new File`, `new DataTransfer()`, the same path
 * in Chrome and Firefox) and either set on an `<input type=file>` (`input.files = dt.files`, then
 * `input` and `change` as the browser fires them after a pick, HTML §4.10.5.1.18) or dropped on a drop
 * zone (dragenter → dragover → drop carrying the DataTransfer, HTML §6.11.5). The ref may be the input,
 * its label, the visible button or area in front of a hidden input, or the drop zone itself.
 */
import type { UploadArgs, UploadResult } from '../../shared/tools/actions';
import { acceptsFile, fileBytes, MAX_UPLOAD_BYTES, mimeTypeOf } from '../../shared/tools/upload';
import { BROWSER } from '../../shared/browser-target';
import { FILE_DROP_EVENTS } from '../file-drop-relay';
import { err, ok, type Result } from '../../shared/result';
import { getRefRegistry } from '../ax/ref-registry';
import { describe, isInput, isLabel } from './element-info';
import { Observation, settle } from './observe';

/** How far up from a button the hidden input it opens is looked for (button → wrapper → form row). */
const NEARBY_LEVELS = 3;

function isFileInput(el: Element | null | undefined): el is HTMLInputElement {
  return isInput(el) && el.type === 'file';
}

function fileInputsIn(root: Element | ShadowRoot): HTMLInputElement[] {
  const out: HTMLInputElement[] = [];
  for (const c of root.querySelectorAll('input')) if (isFileInput(c)) out.push(c);
  if (root instanceof Element && root.shadowRoot) out.push(...fileInputsIn(root.shadowRoot));
  return out;
}

/** The input the ref stands for: itself, its label's control, or the one input inside it. */
function ownFileInput(el: Element): HTMLInputElement | null {
  if (isFileInput(el)) return el;
  if (isLabel(el) && isFileInput(el.control)) return el.control;
  const inside = fileInputsIn(el);
  return inside.length === 1 ? (inside[0] ?? null) : null;
}

/** The one file input near a button that opens it (`<button>` + hidden `<input type=file>` siblings). */
function nearbyFileInput(el: Element): HTMLInputElement | null {
  let scope = el.parentElement;
  for (let i = 0; i < NEARBY_LEVELS && scope && scope !== el.ownerDocument.body; i++, scope = scope.parentElement) {
    const found = fileInputsIn(scope);
    if (found.length === 1) return found[0] ?? null;
    // Several inputs: which one this button opens cannot be told from the markup.
    if (found.length > 1) return null;
  }
  return null;
}

interface Built {
  files: File[];
  transfer: DataTransfer;
  /** Each file's name, type and bytes, as this world holds them (the relayed drop sends these). */
  specs: { name: string; type: string; bytes: Uint8Array }[];
}

function buildFiles(args: UploadArgs, doc: Document): Result<Built> {
  const view = doc.defaultView;
  // The page's own constructors, so the objects belong to the page's realm (Firefox's Xray otherwise hides them).
  const FileCtor = view?.File ?? File;
  const TransferCtor = view?.DataTransfer ?? DataTransfer;
  const transfer = new TransferCtor();
  const files: File[] = [];
  const specs: Built['specs'] = [];
  for (const f of args.files) {
    const bytes = fileBytes(f);
    if (!bytes) return err('bad_arguments', `${f.name}: base64 does not decode; send text for a text file`);
    if (bytes.length > MAX_UPLOAD_BYTES)
      return err(
        'too_large',
        `${f.name} is ${bytes.length} bytes; one file may be at most ${MAX_UPLOAD_BYTES} (1 MiB)`,
      );
    const file = new FileCtor([bytes], f.name, { type: mimeTypeOf(f), lastModified: Date.now() });
    transfer.items.add(file);
    files.push(file);
    specs.push({ name: f.name, type: mimeTypeOf(f), bytes });
  }
  return ok({ files, transfer, specs });
}

function checkInput(ref: string, input: HTMLInputElement, files: File[]): Result<true> {
  const label = `${ref} (${describe(input, false)})`;
  if (input.matches(':disabled'))
    return err('target_disabled', `${label} is disabled; it takes files only once enabled`);
  if (files.length > 1 && !input.multiple)
    return err('too_many_files', `${label} takes one file (no "multiple" attribute); send one file per call`);
  const refused = files.find((f) => !acceptsFile(input.accept, f.name, f.type));
  if (refused)
    return err(
      'not_accepted',
      `${label} accepts "${input.accept}"; ${refused.name} (${refused.type}) is not among them`,
    );
  return ok(true);
}

function event(doc: Document, type: string): Event {
  return new (doc.defaultView?.Event ?? Event)(type, { bubbles: true, composed: type === 'input' });
}

function setOnInput(input: HTMLInputElement, built: Built): boolean {
  const doc = input.ownerDocument;
  input.files = built.transfer.files;
  input.dispatchEvent(event(doc, 'input'));
  input.dispatchEvent(event(doc, 'change'));
  const now = input.files ? [...input.files].map((f) => f.name) : [];
  return now.length === built.files.length && built.files.every((f, i) => now[i] === f.name);
}

function dragEvent(doc: Document, type: string, el: Element, transfer: DataTransfer): DragEvent {
  const r = el.getBoundingClientRect();
  const Ctor = doc.defaultView?.DragEvent ?? DragEvent;
  return new Ctor(type, {
    bubbles: true,
    cancelable: type !== 'dragleave',
    composed: true,
    dataTransfer: transfer,
    clientX: r.x + r.width / 2,
    clientY: r.y + r.height / 2,
  });
}

type DropOutcome = 'dropped' | 'ignored' | 'not-a-target';

function base64Of(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/**
 * Firefox: the drop is made by the core in the page's world (file-drop-relay.ts), where the files
 * belong to the page. Null when no core answered (a frame it does not run in).
 */
function relayedDrop(el: Element, built: Built): DropOutcome | null {
  const doc = el.ownerDocument;
  // From this world's bytes: the page-realm Files are behind Firefox's Xray here.
  const specs = built.specs.map((f) => ({ name: f.name, type: f.type, base64: base64Of(f.bytes) }));
  let outcome: DropOutcome | null = null;
  const onReply = (e: Event): void => {
    const d = e instanceof CustomEvent ? e.detail : null;
    if (d === 'dropped' || d === 'ignored' || d === 'not-a-target') outcome = d;
  };
  doc.addEventListener(FILE_DROP_EVENTS.reply, onReply);
  el.dispatchEvent(
    new CustomEvent(FILE_DROP_EVENTS.request, { bubbles: true, composed: true, detail: JSON.stringify(specs) }),
  );
  doc.removeEventListener(FILE_DROP_EVENTS.reply, onReply);
  return outcome;
}

/** 'dropped' when the zone took the drop; 'not-a-target' when it did not cancel dragover (so it is no drop target). */
function dropOn(el: Element, built: Built): DropOutcome {
  if (BROWSER === 'firefox') {
    const relayed = relayedDrop(el, built);
    if (relayed) return relayed;
  }
  const doc = el.ownerDocument;
  el.dispatchEvent(dragEvent(doc, 'dragenter', el, built.transfer));
  const over = dragEvent(doc, 'dragover', el, built.transfer);
  el.dispatchEvent(over);
  // HTML §6.11.5: an element is a drop target only if it cancels dragover; otherwise the drag leaves.
  if (!over.defaultPrevented) {
    el.dispatchEvent(dragEvent(doc, 'dragleave', el, built.transfer));
    return 'not-a-target';
  }
  const drop = dragEvent(doc, 'drop', el, built.transfer);
  el.dispatchEvent(drop);
  return drop.defaultPrevented ? 'dropped' : 'ignored';
}

type Plan = { how: 'input'; input: HTMLInputElement; standIn?: string } | { how: 'drop' };

function planFor(ref: string, el: Element): Plan {
  const own = ownFileInput(el);
  if (own)
    return own === el
      ? { how: 'input', input: own }
      : { how: 'input', input: own, standIn: `set on ${describe(own)}, the file input of ${ref}` };
  return { how: 'drop' };
}

async function finish(obs: Observation, result: Omit<UploadResult, 'changes'>): Promise<UploadResult> {
  const report = await settle(obs);
  return { ...result, changes: report.changes };
}

/**
 * Firefox keeps a DataTransfer's files under the principal that added them: a page reads an empty
 * `dataTransfer.files` from an extension's synthetic drop (measured with Dropzone 6: files.length 0,
 * items[0].getAsFile() null), while a file input's FileList carries over. There a drop counts only
 * when the page visibly changed; Chrome hands the page the files.
 */
async function judgedDrop(obs: Observation, target: string, files: UploadResult['files']): Promise<UploadResult> {
  const result = await finish(obs, { success: true, method: 'drop', target, files });
  if (BROWSER !== 'firefox' || Object.keys(result.changes).length > 0) return result;
  return {
    ...result,
    success: false,
    hint: 'Firefox does not let a page read files an extension drops; use the ref of the zone\u2019s file input (its button or label) if it has one',
  };
}

export async function uploadFile(args: UploadArgs, doc: Document): Promise<Result<UploadResult>> {
  const ref = args.ref_id;
  const resolved = getRefRegistry(globalThis).resolve(ref);
  if (!resolved.ok) return resolved;
  const el = resolved.data;
  const built = buildFiles(args, doc);
  if (!built.ok) return built;
  const files = built.data.files.map((f) => ({ name: f.name, size: f.size, type: f.type }));
  let plan = planFor(ref, el);
  const obs = new Observation(doc, [el]);
  if (plan.how === 'drop') {
    const dropped = dropOn(el, built.data);
    if (dropped === 'dropped') return ok(await judgedDrop(obs, describe(el), files));
    const near = nearbyFileInput(el);
    if (!near) {
      obs.stop();
      const why =
        dropped === 'ignored'
          ? 'it accepted the drag but did not take the drop'
          : 'it is neither a file input nor a drop zone, and no single file input sits beside it';
      return err(
        'not_a_file_target',
        `${ref} (${describe(el, false)}): ${why}; use the ref of the file input, its label or the drop area`,
      );
    }
    plan = { how: 'input', input: near, standIn: `set on ${describe(near)}, the file input beside ${ref}` };
  }
  const checked = checkInput(ref, plan.input, built.data.files);
  if (!checked.ok) {
    obs.stop();
    return checked;
  }
  const landed = setOnInput(plan.input, built.data);
  const result = { success: landed, method: 'input' as const, target: describe(plan.input), files };
  return ok(
    await finish(obs, {
      ...result,
      ...(plan.standIn ? { standIn: plan.standIn } : {}),
      ...(landed
        ? {}
        : { hint: 'the input did not keep the files; the page may replace it on change: re-read the tree' }),
    }),
  );
}

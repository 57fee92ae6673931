/**
 * File drops re-made in the page's own world (Firefox). Firefox keeps a DataTransfer's files under
 * the principal of the code that added them: a drop an extension's content script builds reaches the
 * page with an empty `dataTransfer.files` (measured with Dropzone 6: `files.length` 0,
 * `items[0].getAsFile()` null), even with the page's constructors through Xray. The always-on core
 * (core.ts, MAIN world) builds the File objects and the DataTransfer here from the bytes, so they are
 * the page's own, and dispatches dragenter/dragover/drop on the element the request was sent to.
 *
 * The request is a DOM event on the drop target, its `detail` a JSON string (strings cross worlds);
 * the answer a DOM event on the document, sent synchronously before the request's dispatch returns.
 * The page can see both: it learns only the files dropped on it, and a page that fakes a request
 * drops files of its own making on itself.
 */
export const FILE_DROP_EVENTS = {
  /** Isolated world → core, on the target: `detail` = JSON `[{name, type, base64}]`. */
  request: 'weaverbird-file-drop',
  /** Core → isolated world, on the document: `detail` = 'dropped' | 'ignored' | 'not-a-target'. */
  reply: 'weaverbird-file-drop-done',
} as const;

type Outcome = 'dropped' | 'ignored' | 'not-a-target';

function filesOf(detail: string): File[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const list: unknown[] = parsed;
  const files: File[] = [];
  for (const f of list) {
    if (typeof f !== 'object' || f === null) return null;
    const name: unknown = Reflect.get(f, 'name');
    const type: unknown = Reflect.get(f, 'type');
    const base64: unknown = Reflect.get(f, 'base64');
    if (typeof name !== 'string' || typeof type !== 'string' || typeof base64 !== 'string') return null;
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    files.push(new File([bytes], name, { type, lastModified: Date.now() }));
  }
  return files;
}

/** HTML §6.11.5: a drop target cancels dragover; one that does not is left with dragleave. */
function drop(el: Element, files: File[]): Outcome {
  const transfer = new DataTransfer();
  for (const f of files) transfer.items.add(f);
  const r = el.getBoundingClientRect();
  const at = { clientX: r.x + r.width / 2, clientY: r.y + r.height / 2 };
  const make = (type: string): DragEvent =>
    new DragEvent(type, {
      bubbles: true,
      cancelable: type !== 'dragleave',
      composed: true,
      dataTransfer: transfer,
      ...at,
    });
  el.dispatchEvent(make('dragenter'));
  const over = make('dragover');
  el.dispatchEvent(over);
  if (!over.defaultPrevented) {
    el.dispatchEvent(make('dragleave'));
    return 'not-a-target';
  }
  const dropped = make('drop');
  el.dispatchEvent(dropped);
  return dropped.defaultPrevented ? 'dropped' : 'ignored';
}

export function relayFileDrops(): void {
  document.addEventListener(
    FILE_DROP_EVENTS.request,
    (e) => {
      if (!(e instanceof CustomEvent) || typeof e.detail !== 'string' || !(e.target instanceof Element)) return;
      const files = filesOf(e.detail);
      if (!files) return;
      const outcome = drop(e.target, files);
      document.dispatchEvent(new CustomEvent(FILE_DROP_EVENTS.reply, { detail: outcome }));
    },
    true,
  );
}

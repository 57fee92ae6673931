/** Splits the agent's text tree into lines for the verbose viewer and finds the ref each line names. */

export interface TreeLine {
  index: number;
  text: string;
  /** The element's ref as printed, e.g. `ref_12` or a frame-qualified `f1:ref_3`. */
  ref?: string;
}

// The tree prints refs in brackets (`button "Save" [ref_12]`); a frame prefix, when present, is kept
// whole because the worker resolves it.
const REF = /\[((?:[A-Za-z0-9_-]+[:/.])?ref_[1-9]\d*)\]/;

export function parseTreeLines(tree: string): TreeLine[] {
  return tree.split('\n').map((text, index) => {
    const m = REF.exec(text);
    return m?.[1] ? { index, text, ref: m[1] } : { index, text };
  });
}

export function filterTreeLines(lines: readonly TreeLine[], query: string): TreeLine[] {
  const q = query.trim().toLowerCase();
  if (q === '') return lines.slice();
  return lines.filter((l) => l.text.toLowerCase().includes(q));
}

/** Splits the agent's text tree into lines for the verbose viewer and finds the ref each line names. */
import { refOfLine } from '../../shared/tree-line';

export interface TreeLine {
  index: number;
  text: string;
  /** The element's ref as printed, e.g. `ref_12` or a frame-qualified `f1:ref_3`. */
  ref?: string;
}

export function parseTreeLines(tree: string): TreeLine[] {
  return tree.split('\n').map((text, index) => {
    // A frame prefix (`f2:ref_3`) is kept whole: the worker resolves it.
    const ref = refOfLine(text);
    return ref ? { index, text, ref } : { index, text };
  });
}

export function filterTreeLines(lines: readonly TreeLine[], query: string): TreeLine[] {
  const q = query.trim().toLowerCase();
  if (q === '') return lines.slice();
  return lines.filter((l) => l.text.toLowerCase().includes(q));
}

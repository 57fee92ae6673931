/**
 * One element as a line of the tree's grammar (shared/tree-line.ts), with the same ref the tree prints
 * for it, minted on demand for elements the tree leaves out (a `data-testid` div): every element a
 * read tool returns is named this way, so the model has one format and one ref space.
 * The accessible name and states come from the tree bundle (`__wbAx.describe`), so this bundle does
 * not carry a second copy of the accname code.
 */
import { getAxApi } from '../ax/api';
import { getRefRegistry } from '../ax/ref-registry';
import { cap, collapse, formatAttrs, formatStates, pageBase, printedRole, type Capper } from '../ax/render';
import { inlineTextPart, namePart, printLine, refPart } from '../../shared/tree-print';
import { renderedText } from './page-text';
import { DEFAULT_TEST_ID_ATTRIBUTES } from '../../shared/tree-options';

/** A returned line is a pointer to an element, not a read of it: names are cut shorter than the tree's. */
const LINE_TEXT_MAX = 120;

export function elementLine(el: Element): string {
  const ref = getRefRegistry(globalThis).refFor(el);
  const described = getAxApi(globalThis)?.describe(el);
  if (!described?.ok) return printLine({ role: el.localName, ref });
  const { role, name, value, states } = described.data;
  const capper: Capper = { limit: LINE_TEXT_MAX, cut: 0 };
  const shownName = cap(collapse(name).trim(), capper);
  // The tree's own pieces (shared/tree-print.ts), attributes and states pre-printed as the tree prints them.
  let line = printedRole(role, states);
  if (shownName) line += namePart(shownName);
  line += refPart(ref);
  line += formatAttrs({
    el,
    role,
    name: shownName,
    value,
    base: pageBase(el.ownerDocument.baseURI),
    capper,
    testIdAttributes: DEFAULT_TEST_ID_ATTRIBUTES,
  });
  line += formatStates(states, role);
  // An unnamed element (a listitem, a test-id div) is known by its text: `listitem [ref_3]: "One"`,
  // the tree's own form for a node whose content is text (shared/tree-line.ts).
  if (!shownName) {
    const text = cap(renderedText(el), { limit: LINE_TEXT_MAX, cut: 0 });
    if (text) line += inlineTextPart(text);
  }
  return line;
}

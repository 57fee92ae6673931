import * as z from 'zod/mini';
import { resolveRefTarget } from '../frames/route-ref';
import type { ElementFacts } from './approval-rules';

const FactsSchema = z.object({
  tag: z.string(),
  role: z.string(),
  text: z.string(),
  isSubmit: z.boolean(),
  formHasPassword: z.boolean(),
  formHasPayment: z.boolean(),
});

/**
 * Runs in the page's isolated world, where the content scripts keep the ref registry
 * (`__wbRegistry`). Self-contained: executeScript serializes the function's source.
 */
function readFacts(ref: string): unknown {
  const reg: unknown = Reflect.get(globalThis, '__wbRegistry');
  if (typeof reg !== 'object' || reg === null || !('lookup' in reg) || typeof reg.lookup !== 'function') return null;
  const el: unknown = reg.lookup(ref);
  if (!(el instanceof HTMLElement)) return null;
  const value = el instanceof HTMLInputElement || el instanceof HTMLButtonElement ? el.value : '';
  const text = (el.getAttribute('aria-label') || el.innerText || value || el.getAttribute('title') || '')
    .replace(/\s+/g, ' ')
    .trim();
  const form =
    el instanceof HTMLInputElement || el instanceof HTMLButtonElement || el instanceof HTMLTextAreaElement
      ? (el.form ?? el.closest('form'))
      : el.closest('form');
  const inputs = form ? [...form.querySelectorAll('input')] : [];
  const payment = /card|cvc|cvv|csc|iban|expir|security code/i;
  return {
    tag: el.tagName.toLowerCase(),
    role:
      el.getAttribute('role') ??
      (el.tagName === 'BUTTON' ? 'button' : el.tagName === 'A' ? 'link' : el.tagName.toLowerCase()),
    text: text.slice(0, 200),
    isSubmit:
      (el instanceof HTMLButtonElement && el.type === 'submit' && form !== null) ||
      (el instanceof HTMLInputElement && (el.type === 'submit' || el.type === 'image')),
    formHasPassword: inputs.some((i) => i.type === 'password'),
    formHasPayment: inputs.some(
      (i) =>
        i.autocomplete.startsWith('cc-') ||
        payment.test(`${i.name} ${i.id} ${i.placeholder} ${i.getAttribute('aria-label') ?? ''}`),
    ),
  };
}

/** Parses a tree line `role "name" [ref_N]` into facts, for when the page cannot be asked. */
export function factsFromTreeLine(line: string): ElementFacts | null {
  const m = /^\s*([\w-]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(line);
  if (!m || !m[1]) return null;
  return { tag: m[1], role: m[1], text: m[2] ?? '', isSubmit: false, formHasPassword: false, formHasPayment: false };
}

/**
 * What the element behind a ref is, asked of the page itself, in the frame the ref belongs to (a
 * Pay button often lives in a payment iframe), falling back to the tree line the model read. Null
 * when neither knows it: such an action is not classified.
 */
export async function inspectElement(
  tabId: number,
  ref: string,
  treeLine: string | undefined,
  frame?: string,
): Promise<ElementFacts | null> {
  const target = await resolveRefTarget(tabId, ref, frame);
  if (target.ok) {
    try {
      const [first] = await chrome.scripting.executeScript({
        target: { tabId, frameIds: [target.data.frameId] },
        world: 'ISOLATED',
        func: readFacts,
        args: [target.data.localRef],
      });
      const parsed = FactsSchema.safeParse(first?.result);
      if (parsed.success) return parsed.data;
    } catch {
      // The page may forbid scripting (chrome://) or be mid-navigation: use the tree line.
    }
  }
  return treeLine ? factsFromTreeLine(treeLine) : null;
}

/**
 * One element explained the way the agent sees it: role, name, value, states, description.
 * Backs `window.__wb_ax_describe` and the conformance harness.
 */
import { computeDescription, computeName } from './names';
import { computeRole } from './roles';
import { computeStates, computeValue, type AxStates } from './states';
import { resolveContext, type AxContext } from './ax-context';

export type AxDescription = {
  role: string;
  name: string;
  value?: string;
  states: AxStates;
  description?: string;
};

export function describeElement(el: Element, ctx?: AxContext): AxDescription {
  const c = resolveContext(el, ctx);
  const role = computeRole(el, c);
  const out: AxDescription = { role, name: computeName(el, c), states: computeStates(el, role, c) };
  const value = computeValue(el, role, c);
  if (value !== undefined) out.value = value;
  const description = computeDescription(el, c);
  if (description) out.description = description;
  return out;
}

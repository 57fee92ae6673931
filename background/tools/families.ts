/**
 * Tool families (issue 26): rarely used tools are not in the model's list at the start of a task.
 * The system prompt names each family with its tools; the model adds one with `load_tools {family}`
 * (or by calling one of its tools by name), and a family once loaded stays offered for the rest of
 * the task, so the request prefix changes once and prompt caching stays byte-stable after it
 * (background/agent/loop/prompt-cache.ts). A tool declares its family in one field (`family` in ToolSpec);
 * a tool without one is core: always offered, and paid for on every request (budget:
 * background/agent/loop/fixed-prompt.test.ts).
 *
 * Discovery changes what the model is shown, never what it may do: the mode/tier gate and the
 * approval gate judge every call the same whether its family was loaded or not.
 */
export const FAMILY_NAMES = [
  'more',
  'tabs',
  'wait',
  'data',
  'look',
  'debug',
  'input',
  'frames',
  'developer',
  'plan',
  'steps',
] as const;
export type ToolFamily = (typeof FAMILY_NAMES)[number];

/** What each family is for, as the system prompt says it (a few words: it is paid on every request). */
export const TOOL_FAMILIES: Readonly<Record<ToolFamily, string>> = {
  more: 'checks, text search, drop-downs, keys, back, asking the user',
  tabs: 'several tabs',
  wait: 'waiting for changes',
  data: 'tables, lists, element details',
  look: 'screenshots',
  debug: 'console, network, watching',
  input: 'hover, drag, keys, dialogs, uploads',
  frames: 'iframes',
  developer: 'shadow DOM, Chrome AX tree, JavaScript',
  plan: 'plan first',
  steps: 'several calls in one step, sampling, predicate checks',
};

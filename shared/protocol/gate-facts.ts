import * as z from 'zod/mini';

/**
 * What the page says about the element an action will actually activate, for the approval gate.
 * Asked of the frame that owns the element (content-scripts/handlers/gate-facts.ts) right before the
 * action; role and name come from the tree's own computation, so they are what the model read.
 */
export const GateFactsArgsSchema = z.object({
  tool: z.enum(['click', 'press_key', 'select', 'type']),
  ref: z.optional(z.string()),
  key: z.optional(z.string()),
  value: z.optional(z.string()),
  label: z.optional(z.string()),
  submit: z.optional(z.boolean()),
  /** type: false appends; true or absent replaces what the field holds (TypeArgs `clear`). */
  clear: z.optional(z.boolean()),
  text: z.optional(z.string()),
});
export type GateFactsArgs = z.infer<typeof GateFactsArgsSchema>;

const Target = z.object({ role: z.string(), name: z.string() });

export const GateFactsSchema = z.object({
  /** The frame's own origin (`self.origin`): "null" for opaque (sandboxed, data:) frames. */
  origin: z.string(),
  /**
   * What the action will do: `click` activates `target` (a click, or Enter/Space on it), `submit`
   * submits `form`, `send` commits a message composer (Enter or Ctrl/Cmd+Enter in a multi-line
   * field), `choose` picks the option `target`, `none` activates nothing (typing, arrow keys).
   */
  activation: z.enum(['none', 'click', 'submit', 'send', 'choose']),
  target: z.nullable(Target),
  form: z.nullable(
    z.object({
      /** The form's default button (HTML §4.10.21.2), whose name says what submitting does. */
      submitter: z.nullable(Target),
      hasPassword: z.boolean(),
      hasPayment: z.boolean(),
    }),
  ),
  /**
   * The absolute URL the activation would load (a link's href, the action a submit goes to), when
   * the page's markup says so; the gate judges it by the task's origin policy before acting.
   */
  navigatesTo: z.optional(z.string()),
  /**
   * Data loss (content-scripts/handlers/erasure.ts): the action would delete or replace text the
   * agent did not write in this document: the field's `content`, the `selection` over it (chars
   * counted), or a Delete/Backspace `shortcut` on an element that is not a text field (apps bind them
   * to deleting the selected item).
   */
  erases: z.optional(z.object({ what: z.enum(['content', 'selection', 'shortcut']), chars: z.number() })),
});
export type GateFacts = z.infer<typeof GateFactsSchema>;

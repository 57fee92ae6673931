/**
 * The fixed prompt's budget (issue 26): system prompt + offered tool schemas, o200k tokens, on each
 * wire as the AI SDK builds the request. A measured guard: it fails when a new tool or argument, or
 * a longer description, takes a tier over its budget. Rarely used tools go in a family
 * (background/tools/families.ts) and cost only their names here.
 */
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllTools } from '../../tools/index';
import { fixedPrompt, FIXED_PROMPT_BUDGET, WIRES } from './fixed-prompt';

beforeAll(() => {
  registerAllTools();
});

describe('the fixed prompt', () => {
  for (const wire of WIRES)
    for (const mode of ['ask', 'act', 'dev'] as const)
      for (const tier of ['compact', 'full'] as const)
        it(`${mode}/${tier} on ${wire} fits its budget`, async () => {
          const p = await fixedPrompt(wire, mode, tier);
          const tokens = countTokens(p.system) + countTokens(p.tools);
          expect(tokens).toBeLessThanOrEqual(FIXED_PROMPT_BUDGET[tier]);
          // The measure is of the real request: every offered tool is in it.
          for (const name of p.names) expect(p.tools).toContain(`"${name}"`);
        });

  it('names every tool it does not offer, so a family can be loaded', async () => {
    const p = await fixedPrompt('openai-chat', 'dev', 'full');
    expect(p.names).toContain('load_tools');
    for (const name of ['new_tab', 'execute_js', 'iframe_read', 'console_read', 'wait_for']) {
      expect(p.names).not.toContain(name);
      expect(p.system).toContain(name);
    }
  });
});

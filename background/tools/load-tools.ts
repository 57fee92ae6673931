/**
 * `load_tools`: the one discovery step (issue 26, families.ts). The agent loop runs it itself
 * (background/agent/loop/tool-loading.ts), because what it changes is the task's tool list; called from
 * the console it only explains that.
 */
import { z } from 'zod';
import { err } from '../../shared/result';
import { defineTool } from './define-tool';
import { FAMILY_NAMES } from './families';
import { LOAD_TOOLS } from './registry';

export const LoadToolsArgsSchema = z.strictObject({ family: z.enum(FAMILY_NAMES) });

export const loadToolsTool = defineTool({
  name: LOAD_TOOLS,
  description: 'Adds a tool family (see the system prompt) for the rest of the task.',
  schema: LoadToolsArgsSchema,
  modes: ['ask', 'act', 'dev'],
  // It changes only what the model is shown: no page, no browser state.
  readOnly: true,
  handler: () =>
    Promise.resolve(err('agent_only', `${LOAD_TOOLS} changes an agent task's tool list; it runs only inside a task.`)),
});

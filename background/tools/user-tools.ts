/**
 * `propose_plan` and `ask_user`: the two tools that talk to the user rather than the page. Their
 * schemas and descriptions live here like every tool's; the agent loop runs them itself
 * (background/agent/task/user-turns-exec.ts), because they wait on the side panel, not on a tab.
 * Called from the console they only explain that.
 */
import { z } from 'zod';
import { err } from '../../shared/result';
import { PLAN_LIMITS, QUESTION_CHARS } from '../../shared/protocol/handover';
import { defineTool } from './define-tool';

export const ProposePlanArgsSchema = z.strictObject({
  steps: z
    .array(z.string().min(1).max(PLAN_LIMITS.stepChars))
    .min(1)
    .max(PLAN_LIMITS.steps)
    .describe('the steps, in order, one short sentence each'),
  sites: z
    .array(z.string().min(1).max(PLAN_LIMITS.siteChars))
    .max(PLAN_LIMITS.sites)
    .describe('every site the task will open, as origins like "https://shop.example" (the current one too)'),
  changes: z
    .string()
    .min(1)
    .max(PLAN_LIMITS.changesChars)
    .describe('what the task will change (a form sent, an item added, a setting saved), or "nothing"'),
});

export const AskUserArgsSchema = z.strictObject({
  question: z.string().min(1).max(QUESTION_CHARS),
});

const ONLY_IN_TASKS = (name: string) =>
  err('agent_only', `${name} waits for the user in the side panel; it runs only inside an agent task.`);

export const proposePlanTool = defineTool({
  name: 'propose_plan',
  family: 'plan',
  description: [
    'Shows the user your plan before you change anything: {steps, sites, changes}. The user approves, edits or cancels it;',
    'the result says which, and gives the edited plan when the user changed it (follow that one).',
    'Sites in an approved plan open without asking again. When the task says a plan is required, page actions are refused until one is approved.',
    `Keep it short: at most ${PLAN_LIMITS.steps} steps.`,
  ].join(' '),
  schema: ProposePlanArgsSchema,
  modes: ['act', 'dev'],
  // It changes nothing: it only asks. Read-only also keeps it out of the approval gate.
  readOnly: true,
  handler: () => Promise.resolve(ONLY_IN_TASKS('propose_plan')),
});

export const askUserTool = defineTool({
  name: 'ask_user',
  compactFamily: 'more',
  description:
    'Asks the user one question and waits for the answer. Only when the user alone can unblock you: a missing detail, a choice, a login or CAPTCHA.',
  schema: AskUserArgsSchema,
  modes: ['ask', 'act', 'dev'],
  readOnly: true,
  handler: () => Promise.resolve(ONLY_IN_TASKS('ask_user')),
});

export const USER_TOOL_NAMES: ReadonlySet<string> = new Set(['propose_plan', 'ask_user']);

/**
 * Messages of the panel cards that pause a task for its user (issue 15 items 2 and 5): the plan a
 * task proposes before its first change, the question `ask_user` asks, and "Take over" / "Resume".
 * Spread into the unions of ./agent.ts so every message is still parsed on arrival.
 */
import * as z from 'zod/mini';

const TabId = z.number().check(z.int(), z.nonnegative());

/** Caps that keep a plan a short thing a person reads, whoever wrote it (the model or the user's edit). */
export const PLAN_LIMITS = { steps: 12, stepChars: 300, sites: 10, siteChars: 300, changesChars: 1_000 } as const;
export const QUESTION_CHARS = 1_000;
export const ANSWER_CHARS = 4_000;

const PlanSchema = z.object({
  steps: z.array(z.string().check(z.maxLength(PLAN_LIMITS.stepChars))).check(z.maxLength(PLAN_LIMITS.steps)),
  /** Origins (`https://shop.example`) the task will visit. */
  sites: z.array(z.string().check(z.maxLength(PLAN_LIMITS.siteChars))).check(z.maxLength(PLAN_LIMITS.sites)),
  changes: z.string().check(z.maxLength(PLAN_LIMITS.changesChars)),
});
export type Plan = z.infer<typeof PlanSchema>;

/** Panel → worker commands. */
export const HANDOVER_COMMANDS = [
  z.object({
    type: z.literal('plan_answer'),
    tabId: TabId,
    planId: z.string(),
    decision: z.enum(['approve', 'cancel']),
    /** The plan as the user edited it before approving (absent: approved as proposed). */
    plan: z.optional(PlanSchema),
  }),
  z.object({
    type: z.literal('question_answer'),
    tabId: TabId,
    questionId: z.string(),
    answer: z.string().check(z.minLength(1), z.maxLength(ANSWER_CHARS)),
  }),
  // Pauses the tab's task after its current step; the user works in the page, then resumes.
  z.object({ type: z.literal('take_over'), tabId: TabId }),
  z.object({ type: z.literal('resume'), tabId: TabId }),
] as const;

/** Handover state the panel shows: a pause asked for (the step still runs), or the user has the page. */
export const HandoverStateSchema = z.enum(['requested', 'paused']);

/** Worker → panel events. */
export const HANDOVER_EVENTS = [
  z.object({
    type: z.literal('plan_request'),
    tabId: TabId,
    taskId: z.string(),
    planId: z.string(),
    plan: PlanSchema,
  }),
  z.object({
    type: z.literal('plan_resolved'),
    tabId: TabId,
    taskId: z.string(),
    planId: z.string(),
    decision: z.enum(['approve', 'cancel']),
    edited: z.boolean(),
  }),
  z.object({
    type: z.literal('question_request'),
    tabId: TabId,
    taskId: z.string(),
    questionId: z.string(),
    question: z.string(),
  }),
  z.object({
    type: z.literal('question_resolved'),
    tabId: TabId,
    taskId: z.string(),
    questionId: z.string(),
    answer: z.string(),
  }),
  z.object({
    type: z.literal('handover'),
    tabId: TabId,
    taskId: z.string(),
    state: z.enum(['requested', 'paused', 'resumed']),
  }),
] as const;

/** What a conversation holds while a plan or a question waits (the worker folds the same events). */
export const PendingPlanSchema = z.object({ planId: z.string(), taskId: z.string(), plan: PlanSchema });
export const PendingQuestionSchema = z.object({ questionId: z.string(), taskId: z.string(), question: z.string() });

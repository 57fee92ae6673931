/** The panel's plan, question and take-over commands, routed to the waiting task (user-turns.ts). */
import type { AgentCommand } from '../../../shared/protocol/agent';
import { planOrigins } from '../../../shared/plan-first';
import { err, type Result } from '../../../shared/result';
import { answerPlan, answerQuestion, requestTakeOver, resumeTask } from './user-turns';

type HandoverCommand = Extract<AgentCommand, { type: 'plan_answer' | 'question_answer' | 'take_over' | 'resume' }>;

export function isHandoverCommand(cmd: AgentCommand): cmd is HandoverCommand {
  return (
    cmd.type === 'plan_answer' || cmd.type === 'question_answer' || cmd.type === 'take_over' || cmd.type === 'resume'
  );
}

/** `taskId` is the tab's running task, or null when none runs. */
export async function handleHandoverCommand(cmd: HandoverCommand, taskId: string | null): Promise<Result<true>> {
  switch (cmd.type) {
    case 'plan_answer': {
      if (cmd.decision === 'cancel') return answerPlan(cmd.tabId, cmd.planId, { decision: 'cancel' });
      if (!cmd.plan) return answerPlan(cmd.tabId, cmd.planId, { decision: 'approve' });
      // The user's edit is checked like the model's plan: its sites must be http(s) origins.
      const origins = planOrigins(cmd.plan.sites);
      if (!origins.ok) return err('bad_plan', `The edited plan was not sent: ${origins.error.message}.`);
      if (cmd.plan.steps.length === 0)
        return err('bad_plan', 'The edited plan was not sent: it needs at least one step.');
      return answerPlan(cmd.tabId, cmd.planId, { decision: 'approve', plan: { ...cmd.plan, sites: origins.data } });
    }
    case 'question_answer':
      return answerQuestion(cmd.tabId, cmd.questionId, cmd.answer.trim() || cmd.answer);
    case 'take_over':
      return requestTakeOver(cmd.tabId, taskId);
    case 'resume':
      return resumeTask(cmd.tabId, taskId);
  }
}

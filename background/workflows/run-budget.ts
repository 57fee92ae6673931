/**
 * A workflow run's budget (issue 30; docs/workflows.md): a replay spends tokens only when a step
 * is healed (healer.ts), and each heal's usage counts here. Checked before every heal — as the
 * agent loop checks before every model call — so a run over its budget stops before it pays for
 * another model call, with the same message as a task (shared/task-budget.ts). No `chrome.*` here.
 */
import type { Usage } from '../../shared/protocol/agent';
import {
  budgetCrossed,
  budgetStopMessage,
  type ModelRef,
  type StepLike,
  type TaskBudget,
} from '../../shared/task-budget';
import { addUsage } from '../../shared/usage';

export class RunBudget {
  private spent: Usage = { inputTokens: 0, outputTokens: 0 };

  constructor(
    private readonly budget: TaskBudget | undefined,
    private readonly model: ModelRef,
  ) {}

  add(usage: Usage): void {
    this.spent = addUsage(this.spent, usage);
  }

  get usage(): Usage {
    return this.spent;
  }

  /** Null while another model call is allowed; else the run's stop message naming what was done. */
  stopBeforeModelCall(steps: readonly StepLike[]): string | null {
    const over = budgetCrossed(this.spent, this.budget, this.model);
    return over ? budgetStopMessage(over, steps) : null;
  }
}

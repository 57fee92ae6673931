// Types for check.mjs (plain JavaScript so the bench runs without a build step).
export const TARGETS: Readonly<Record<string, number>>;
export const SMALL_PAGE: number;
export const KNOWN_TOKEN_PAGES_FILE: string;
export interface PageRow {
  page: string;
  elements: number;
  oursWorkerMs: number;
  oursMs: number;
  playwrightMs: number;
  workerRatio: number;
  oursUncutTokens: number;
  playwrightTokens: number;
  tokenRatio: number;
  find?: {
    findRatio: number;
    textSearchRatio: number;
    findModelChars?: number;
    textSearchModelChars?: number;
  };
}
export interface CheckRow {
  name: string;
  value: number;
  limit: number;
  ok: boolean;
  /** The known-list reason, for a listed page above its target. */
  known?: string;
  what: string;
}
export function summarize(
  pages: readonly PageRow[],
  frameCost?: { heapPerFrameMB: number } | null,
  everyFrameBytes?: number | null,
  click?: { noopClickMs: number; evidenceCostMs: number } | null,
  overheads?: { pageInfoMs: number; laterPageMs: number } | null,
): Record<string, number | null>;
export function checkTargets(
  totals: Record<string, number | null | undefined>,
  pages: readonly PageRow[],
  knownPages?: Readonly<Record<string, string>>,
): CheckRow[];

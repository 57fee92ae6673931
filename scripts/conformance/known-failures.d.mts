// Types for known-failures.mjs (plain JavaScript so the Node script runs without a build step).
export interface ScoredCase {
  file: string;
  test: string;
  kind: string;
  property?: string;
  pass: boolean;
  unscorable: boolean;
}
export interface ThrownCase {
  file: string;
  test: string;
  error: string;
}
export interface KnownList {
  total: number;
  failures: Record<string, string>;
}
export interface Outcome {
  failing: Map<string, ScoredCase | ThrownCase>;
  total: number;
}
export function caseId(c: ScoredCase): string;
export function outcome(cases: readonly ScoredCase[], errors: readonly ThrownCase[]): Outcome;
export function compare(list: Partial<KnownList>, run: Outcome): string[];
export function readList(file: string): Promise<KnownList>;
export function writeList(
  file: string,
  list: Partial<KnownList>,
  run: Outcome,
  describe: (f: ScoredCase | ThrownCase) => string,
): Promise<KnownList & { note: string }>;

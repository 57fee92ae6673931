// Types for identifiers.mjs (plain JavaScript so the Node script runs without a build step).
export interface Span {
  line: number;
  text: string;
  before: string;
  after: string;
  shell?: boolean;
}
export interface World {
  paths: string[];
  pathSet: Set<string>;
  topLevel: Set<string>;
  tools: Set<string>;
  settings: Set<string>;
  scripts: Set<string>;
  wb: Set<string>;
  words: Set<string>;
}
export interface Problem {
  id: string;
  why: string;
}
export type AllowEntry = { id: string; why: string } | { prefix: string; why: string };
export function extractSpans(markdown: string): Span[];
export function judgePath(raw: string, world: World): string | null;
export function judgeSpan(span: Span, world: World): Problem[];
export function allowed(id: string, allowList: readonly AllowEntry[]): boolean;
export function namesItsCode(markdown: string): boolean;
export function permissionTableProblems(
  markdown: string,
  manifest: { permissions?: string[]; host_permissions?: string[] },
): Problem[];
export function extractLinks(markdown: string): { line: number; target: string }[];

/**
 * Saved prompts ("shortcuts"): a name, the prompt text and optionally the mode it runs in. Pure logic
 * shared by the panel (which stores them in chrome.storage.local) and its tests: validation, the
 * palette's filter, saving over a name, and the JSON export format with a forgiving import that
 * reports what it skipped instead of failing the whole file.
 */
import * as z from 'zod/mini';
import { err, ok, type Result } from './result';
import { ModeSchema } from './modes';

const SHORTCUT_NAME_MAX = 40;
const SHORTCUT_PROMPT_MAX = 8_000;
/** Enough for a personal library; the palette stays a short list. */
const MAX_SHORTCUTS = 200;

const ShortcutSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'a shortcut needs a name'),
      z.maxLength(SHORTCUT_NAME_MAX, `names are at most ${SHORTCUT_NAME_MAX} characters`),
      z.regex(/^[^/\s][^\n]*$/, 'a name cannot start with "/" or a space, nor span lines'),
    ),
  prompt: z
    .string()
    .check(
      z.minLength(1, 'the prompt is empty'),
      z.maxLength(SHORTCUT_PROMPT_MAX, `prompts are at most ${SHORTCUT_PROMPT_MAX} characters`),
    ),
  /** The mode the prompt runs in; absent = the panel's current mode. */
  mode: z.optional(ModeSchema),
});
export type Shortcut = z.infer<typeof ShortcutSchema>;

const EXPORT_KIND = 'weaverbird-shortcuts';
const ExportSchema = z.object({
  kind: z.literal(EXPORT_KIND),
  version: z.literal(1),
  shortcuts: z.array(z.unknown()),
});

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function firstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid shortcut';
  const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue.message}`;
}

export function parseShortcut(raw: unknown): Result<Shortcut> {
  const parsed = ShortcutSchema.safeParse(raw);
  return parsed.success ? ok(parsed.data) : err('bad_shortcut', firstIssue(parsed.error));
}

/** Stored lists are re-validated on load: a damaged entry is dropped, the others kept. */
export function parseStoredShortcuts(raw: unknown): Shortcut[] {
  if (!Array.isArray(raw)) return [];
  const out: Shortcut[] = [];
  for (const item of raw) {
    const s = ShortcutSchema.safeParse(item);
    if (s.success && !out.some((o) => sameName(o.name, s.data.name))) out.push(s.data);
  }
  return out.slice(0, MAX_SHORTCUTS);
}

/** Saves `next`, replacing a shortcut of the same name (names are case-insensitive), newest first. */
export function upsertShortcut(list: readonly Shortcut[], next: Shortcut): Result<Shortcut[]> {
  const rest = list.filter((s) => !sameName(s.name, next.name));
  if (rest.length >= MAX_SHORTCUTS) {
    return err('too_many_shortcuts', `at most ${MAX_SHORTCUTS} shortcuts; delete one first`);
  }
  return ok([next, ...rest]);
}

export function removeShortcut(list: readonly Shortcut[], name: string): Shortcut[] {
  return list.filter((s) => !sameName(s.name, name));
}

/**
 * The palette's order for what follows "/": names starting with the query, then names containing
 * it, then prompts containing it; each group keeps the saved order. Every query word must match.
 */
export function filterShortcuts(list: readonly Shortcut[], query: string): Shortcut[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  const rank = (s: Shortcut): number => {
    const name = s.name.toLowerCase();
    const prompt = s.prompt.toLowerCase();
    if (!words.every((w) => name.includes(w) || prompt.includes(w))) return -1;
    if (name.startsWith(words[0] ?? '')) return 0;
    if (words.every((w) => name.includes(w))) return 1;
    return 2;
  };
  const ranked = list.map((s) => ({ s, r: rank(s) })).filter((x) => x.r >= 0);
  return ranked.sort((a, b) => a.r - b.r).map((x) => x.s);
}

export function exportShortcuts(list: readonly Shortcut[]): string {
  return `${JSON.stringify({ kind: EXPORT_KIND, version: 1, shortcuts: list }, null, 2)}\n`;
}

export interface ImportOutcome {
  list: Shortcut[];
  added: number;
  replaced: number;
  /** Entries that were not valid shortcuts, with why (the rest still import). */
  skipped: string[];
}

/** Merges an exported file into the list: same names are replaced, invalid entries skipped and named. */
export function importShortcuts(list: readonly Shortcut[], text: string): Result<ImportOutcome> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return err('bad_file', 'this file is not JSON; choose a file exported from Weaverbird shortcuts');
  }
  const file = ExportSchema.safeParse(json);
  if (!file.success) {
    return err('bad_file', 'this JSON is not a Weaverbird shortcuts export (kind "weaverbird-shortcuts", version 1)');
  }
  let next = [...list];
  const outcome: ImportOutcome = { list: next, added: 0, replaced: 0, skipped: [] };
  file.data.shortcuts.forEach((raw, i) => {
    const s = parseShortcut(raw);
    if (!s.ok) {
      outcome.skipped.push(`entry ${i + 1}: ${s.error.message}`);
      return;
    }
    const existed = next.some((o) => sameName(o.name, s.data.name));
    const saved = upsertShortcut(next, s.data);
    if (!saved.ok) {
      outcome.skipped.push(`entry ${i + 1} (${s.data.name}): ${saved.error.message}`);
      return;
    }
    next = saved.data;
    if (existed) outcome.replaced++;
    else outcome.added++;
  });
  outcome.list = next;
  return ok(outcome);
}

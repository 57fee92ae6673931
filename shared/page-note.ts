/**
 * How the agent's page note starts (background/agent/loop/system-prompt.ts pageNote builds the note). It
 * lives in shared/ so the fake providers in tests/ recognise the note by the real head, not a copy.
 */
export const PAGE_NOTE_HEAD = "The user's tab now:";

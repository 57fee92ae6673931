/**
 * Gemini wants a conversation's `contents` to alternate between `user` and `model`: it has refused
 * two `user` turns in a row with HTTP 400 ("Please ensure that multiturn requests alternate between
 * user and model."). `@ai-sdk/google` sends each ModelMessage as its own content, so a step's
 * function responses (a `tool` message, sent as role `user`) followed by the page note (a `user`
 * message: runner.ts) arrive as two `user` turns, and so do the task and the note on the first step.
 * A tool message cannot carry text at the ModelMessage level, so the merge happens on the wire: this
 * fetch joins each run of same-role contents into one content with all their parts, in order. The
 * stored history is untouched. No `chrome.*` here.
 */

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** `contents` with each run of same-role turns joined into one content holding all their parts. */
export function alternateTurns(contents: readonly unknown[]): unknown[] {
  const out: unknown[] = [];
  for (const c of contents) {
    const last = out.at(-1);
    if (isRecord(c) && isRecord(last) && last.role === c.role && Array.isArray(last.parts) && Array.isArray(c.parts))
      out[out.length - 1] = { ...last, parts: [...last.parts, ...c.parts] };
    else out.push(c);
  }
  return out;
}

/** A fetch that sends generateContent bodies with alternating roles (see above), otherwise unchanged. */
export function alternatingTurnsFetch(next: typeof fetch): typeof fetch {
  return (input, init) => {
    if (typeof init?.body !== 'string' || !init.body.includes('"contents"')) return next(input, init);
    let body: unknown;
    try {
      body = JSON.parse(init.body);
    } catch {
      return next(input, init);
    }
    if (!isRecord(body) || !Array.isArray(body.contents)) return next(input, init);
    const contents = alternateTurns(body.contents);
    if (contents.length === body.contents.length) return next(input, init);
    return next(input, { ...init, body: JSON.stringify({ ...body, contents }) });
  };
}

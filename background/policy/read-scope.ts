/**
 * Which origins a task may read without asking (issue 24, "Reads follow the same origins"). Pure, so
 * the rules are unit-tested: the task's own origins (where it started and every origin the user let
 * it navigate to) plus the frame origins the user let it use. A frame whose document has no origin
 * of its own in its URL (about:blank, about:srcdoc, data:) shows what its parent wrote, so it is
 * judged by the nearest ancestor with a web URL (HTML §7.1.1 "about:blank and srcdoc inherit the
 * creator's origin"; a sandboxed srcdoc frame is opaque, but its markup is still the parent's).
 */

export interface FrameLink {
  frameId: number;
  parentFrameId: number;
  url: string;
}

/** The origin whose content a frame shows, or null when it is not a web document (chrome:, file:…). */
export function contentOrigin(frames: readonly FrameLink[], frameId: number): string | null {
  const byId = new Map(frames.map((f) => [f.frameId, f]));
  let f = byId.get(frameId);
  for (let hops = 0; f && hops < 64; hops++) {
    const origin = webOrigin(f.url);
    if (origin !== 'inherit') return origin;
    f = byId.get(f.parentFrameId);
  }
  return null;
}

/** http(s) and blob: URLs carry their origin; about:/data: inherit; anything else is not a web page. */
function webOrigin(url: string): string | null | 'inherit' {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol === 'about:' || u.protocol === 'data:') return 'inherit';
  if (u.protocol === 'blob:') return webOrigin(u.pathname);
  return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
}

export interface ReadScope {
  /** The task's navigation origins (start + approved), as origin-policy.ts keeps them. */
  start: string;
  approved: readonly string[];
  /** Frame origins the user let this task read and type into. */
  frames: readonly string[];
}

export function mayRead(scope: ReadScope, origin: string): boolean {
  return origin === scope.start || scope.approved.includes(origin) || scope.frames.includes(origin);
}

/** The words of the prompt: the host, never a URL (paths can be long and page-chosen). */
export function readPrompt(origin: string, mainFrame: boolean): string {
  const host = hostOf(origin);
  return mainFrame
    ? `Read this tab's page from ${host}, another site than this task's?`
    : `Read the embedded frame from ${host}? This page shows content of another site; approving lets the agent read and type into ${host} frames for this task.`;
}

export function hostOf(origin: string): string {
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

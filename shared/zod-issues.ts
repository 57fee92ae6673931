/**
 * The one formatter of schema issues for people and models: `path: message` per issue, the first
 * few only, `;`-separated. Structural, so it takes classic zod's and zod/mini's errors alike and
 * the page scripts that use neither pay nothing. No `chrome.*` here.
 */

interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** `maxDepth: Too big; filter: Invalid option` — `whole` names an issue at the top (no path). */
export function formatIssues(error: { issues: readonly IssueLike[] }, max = 4, whole = 'arguments'): string {
  return error.issues
    .slice(0, max)
    .map((i) => `${i.path.length > 0 ? i.path.map(String).join('.') : whole}: ${i.message}`)
    .join('; ');
}

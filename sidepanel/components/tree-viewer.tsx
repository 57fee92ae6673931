import { useEffect, useMemo, useState } from 'preact/hooks';
import { filterTreeLines, parseTreeLines, type TreeLine } from '../lib/tree-lines';
import { fetchLatestTree, highlightRef, type LatestTree } from '../panel-client';
import { tabId, treeTick } from '../store';

const MAX_LINES = 3000;

function Highlighted({ text, query }: { text: string; query: string }) {
  const q = query.trim().toLowerCase();
  if (q === '') return <>{text}</>;
  const parts: preact.ComponentChildren[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let i = lower.indexOf(q); i >= 0; i = lower.indexOf(q, from)) {
    parts.push(text.slice(from, i), <mark key={i}>{text.slice(i, i + q.length)}</mark>);
    from = i + q.length;
  }
  parts.push(text.slice(from));
  return <>{parts}</>;
}

/** Up/Down move between lines, so a long tree does not mean a long Tab walk. */
function onListKeyDown(e: KeyboardEvent) {
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const target = e.target;
  if (!(target instanceof HTMLElement) || !target.classList.contains('tree-line')) return;
  const lines = [
    ...(e.currentTarget instanceof HTMLElement
      ? e.currentTarget.querySelectorAll<HTMLElement>('button.tree-line')
      : []),
  ];
  const next = lines[lines.indexOf(target) + (e.key === 'ArrowDown' ? 1 : -1)];
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

/** The search box; Escape clears a non-empty search and goes no further. */
function TreeSearch({ query, setQuery, count }: { query: string; setQuery: (q: string) => void; count: string }) {
  return (
    <div class="search">
      <label for="tree-search" class="visually-hidden">
        Search the tree
      </label>
      <input
        id="tree-search"
        type="search"
        placeholder="Search roles, names, refs…"
        value={query}
        onInput={(e) => setQuery(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && query !== '') {
            e.stopPropagation();
            setQuery('');
          }
        }}
        aria-describedby="tree-count"
      />
      <span id="tree-count" class="search-count" aria-live="polite">
        {count}
      </span>
    </div>
  );
}

/** The lines, capped at MAX_LINES; a line with a ref is a button that outlines its element. */
function TreeLines({ shown, query, onPick }: { shown: TreeLine[]; query: string; onPick: (line: TreeLine) => void }) {
  return (
    <div class="tree-lines" role="list" onKeyDown={onListKeyDown} data-testid="tree-lines">
      {shown.slice(0, MAX_LINES).map((line) =>
        line.ref !== undefined ? (
          <button
            type="button"
            role="listitem"
            key={line.index}
            class="tree-line has-ref"
            data-ref={line.ref}
            title={`Outline ${line.ref} in the page`}
            onClick={() => onPick(line)}
          >
            <Highlighted text={line.text} query={query} />
          </button>
        ) : (
          <div role="listitem" key={line.index} class="tree-line">
            <Highlighted text={line.text} query={query} />
          </div>
        ),
      )}
      {shown.length > MAX_LINES && <p class="empty">{shown.length - MAX_LINES} more lines: narrow the search.</p>}
    </div>
  );
}

/** The latest tree the agent read in this tab; a line with a ref outlines that element in the page. */
export function TreeViewer() {
  const [tree, setTree] = useState<LatestTree | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [query, setQuery] = useState('');
  const [flash, setFlash] = useState<{ text: string; ok: boolean } | null>(null);
  const id = tabId.value;
  const tick = treeTick.value;

  const load = async () => {
    if (id === null) return;
    setLoading(true);
    const reply = await fetchLatestTree(id);
    setLoading(false);
    if (reply.ok) {
      setTree(reply.data);
      setError(null);
    } else setError(reply.error.message);
  };
  useEffect(() => void load(), [id, tick]);

  const lines = useMemo(() => (tree ? parseTreeLines(tree.text) : []), [tree]);
  const shown = useMemo(() => filterTreeLines(lines, query), [lines, query]);

  const highlight = async (line: TreeLine) => {
    if (id === null || line.ref === undefined) return;
    const reply = await highlightRef(id, line.ref);
    setFlash(
      reply.ok ? { text: `Outlined ${line.ref} in the page.`, ok: true } : { text: reply.error.message, ok: false },
    );
  };

  return (
    <section class="pane tree-viewer" aria-labelledby="tree-title" data-testid="tree-viewer">
      <div class="pane-header">
        <h2 id="tree-title">Page tree the agent read</h2>
        <button type="button" class="button-quiet" onClick={() => void load()} disabled={loading}>
          {loading ? 'Loading…' : 'Refresh'}
        </button>
      </div>
      {tree && (
        <p class="pane-meta">
          {tree.title ?? tree.url ?? ''}
          {tree.at !== undefined && ` · read at ${new Date(tree.at).toLocaleTimeString()}`}
        </p>
      )}
      <TreeSearch
        query={query}
        setQuery={setQuery}
        count={tree ? (query.trim() ? `${shown.length} of ${lines.length} lines` : `${lines.length} lines`) : ''}
      />
      <p class={`flash${flash?.ok === false ? ' is-error' : ''}`} role="status">
        {flash?.text ?? ''}
      </p>
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
      {!error && !loading && !tree && (
        <p class="empty">The agent has not read this page yet. Run a task and the tree it read shows up here.</p>
      )}
      {tree && <TreeLines shown={shown} query={query} onPick={(line) => void highlight(line)} />}
    </section>
  );
}

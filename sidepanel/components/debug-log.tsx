import { useEffect, useRef, useState } from 'preact/hooks';
import { redactTraceEntries } from '../lib/export-redact';
import { prettyJson } from '../lib/tool-summary';
import { buildTraceExport, exportFileName, summarizeTraceEntry, type TraceSummary } from '../lib/trace';
import { fetchAxRecovery, fetchTrace } from '../panel-client';
import { traceTick } from '../store';

const CAPACITY = 200;

function download(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Renders the (possibly long) JSON only once opened: 200 full prompts would make the panel crawl. */
function LogEntry({ entry, index, summary: s }: { entry: unknown; index: number; summary: TraceSummary }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <span class="log-index">#{index + 1}</span>
        {s.at !== undefined && <span>{new Date(s.at).toLocaleTimeString()}</span>}
        {s.model && <span class="log-model">{s.model}</span>}
        {s.tokens && <span>{s.tokens}</span>}
        {s.ms !== undefined && <span>{Math.round(s.ms)} ms</span>}
        {s.error && <span class="is-error">error: {s.error}</span>}
      </summary>
      {open && <pre>{prettyJson(redactTraceEntries([entry])[0])}</pre>}
    </details>
  );
}

/** Deep-verbose: the worker's ring buffer of LLM request/response pairs, newest first, exportable. */
export function DebugLog() {
  const [entries, setEntries] = useState<unknown[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [exported, setExported] = useState<string | null>(null);
  const tick = traceTick.value;
  const lastLoad = useRef(0);

  const load = async () => {
    setLoading(true);
    lastLoad.current = Date.now();
    const reply = await fetchTrace();
    setLoading(false);
    if (reply.ok) {
      setEntries(reply.data);
      setError(null);
    } else setError(reply.error.message);
  };
  useEffect(() => void load(), [tick]);

  const onExport = async () => {
    if (!entries) return;
    const file = buildTraceExport(entries, chrome.runtime.getManifest().version, new Date(), await fetchAxRecovery());
    const name = exportFileName();
    download(JSON.stringify(file, null, 2), name);
    setExported(`Saved ${file.count} pairs to ${name} (keys, typed text, URL queries and cookies removed).`);
  };

  const list = entries ?? [];
  return (
    <section class="pane debug-log" aria-labelledby="log-title" data-testid="debug-log">
      <div class="pane-header">
        <h2 id="log-title">LLM debug log</h2>
        <button type="button" class="button-quiet" onClick={() => void load()} disabled={loading}>
          {loading ? 'Loading…' : 'Refresh'}
        </button>
        <button
          type="button"
          class="button-primary"
          onClick={() => void onExport()}
          disabled={list.length === 0}
          data-testid="export-log"
        >
          Export JSON
        </button>
      </div>
      <p class="pane-meta">
        {list.length} of the last {CAPACITY} request/response pairs, newest first. Keys, typed text, URL queries and
        cookies are removed.
      </p>
      <p class="flash" role="status">
        {exported ?? ''}
      </p>
      {error && (
        <p class="field-error" role="alert">
          {error}
        </p>
      )}
      {!error && entries !== null && list.length === 0 && (
        <p class="empty">No LLM calls yet. Run a task and its requests appear here.</p>
      )}
      <ol class="log-entries" reversed>
        {list
          .map((entry, i) => ({ entry, i }))
          .reverse()
          .map(({ entry, i }) => {
            const s = summarizeTraceEntry(entry);
            return (
              <li key={i} data-testid="log-entry">
                <LogEntry entry={entry} index={i} summary={s} />
              </li>
            );
          })}
      </ol>
    </section>
  );
}

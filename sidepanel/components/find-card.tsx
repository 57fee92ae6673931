import { findEntries } from '../lib/find-entries';
import { highlightRef } from '../panel-client';
import { tabId } from '../store';

/** A find / text_search result as a list: each candidate's tree line, what find says of it, and "show". */
export function FindResultList({ result }: { result: string }) {
  const { head, entries, notes } = findEntries(result);
  return (
    <div class="find-results" data-testid="find-results">
      <p class="find-head">{head}</p>
      {entries.length > 0 && (
        <ol>
          {entries.map((e) => (
            <li key={e.ref}>
              <code>{e.line}</code>
              <span class="find-rest"> {e.rest}</span>{' '}
              {tabId.value !== null && (
                <button
                  type="button"
                  class="link-button"
                  onClick={() => tabId.value !== null && void highlightRef(tabId.value, e.ref)}
                >
                  show
                </button>
              )}
            </li>
          ))}
        </ol>
      )}
      {notes.map((n) => (
        <p class="find-note" key={n}>
          {n}
        </p>
      ))}
    </div>
  );
}

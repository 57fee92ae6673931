import { useState } from 'preact/hooks';
import type { ChatMessage } from '../../shared/protocol/agent';
import { displayResult, formatMs, prettyJson, refInArgs, summarizeArgs, summarizeResult } from '../lib/tool-summary';
import { FIND_TOOLS } from '../lib/find-entries';
import { highlightRef } from '../panel-client';
import { FindResultList } from './find-card';
import { ImageThumb } from './image-thumb';
import { tabId } from '../store';
import { sliceSafe } from '../../shared/text';

const RESULT_PREVIEW = 4000;

/** One tool step: compact summary line, expandable (native <details>) to the full arguments and result. */
export function ToolCard({ message }: { message: ChatMessage }) {
  const [showAll, setShowAll] = useState(false);
  const [raw, setRaw] = useState(false);
  const pending = message.ok === undefined;
  const outcome = pending ? 'running' : message.ok ? 'ok' : 'failed';
  const args = summarizeArgs(message.args);
  const ref = refInArgs(message.args);
  const result = raw ? (message.result ?? '') : displayResult(message.result ?? '');
  const clipped = !showAll && result.length > RESULT_PREVIEW;
  return (
    <details class={`tool-card is-${outcome}`} data-testid="tool-card" data-tool={message.tool} data-outcome={outcome}>
      <summary>
        <span class="tool-status" aria-hidden="true">
          {pending ? '…' : message.ok ? '✓' : '✗'}
        </span>
        <span class="tool-name">{message.tool ?? 'tool'}</span>
        {args && <span class="tool-args">{args}</span>}
        <span class="tool-time">{pending ? 'running' : formatMs(message.ms)}</span>
        <span class="visually-hidden">{pending ? ', running' : message.ok ? ', succeeded' : ', failed'}</span>
        {!pending && <span class="tool-outcome">{summarizeResult(message.result)}</span>}
      </summary>
      <div class="tool-body">
        {message.image && <ImageThumb image={message.image} />}
        {ref !== undefined && tabId.value !== null && (
          <button
            type="button"
            class="link-button"
            onClick={() => tabId.value !== null && void highlightRef(tabId.value, ref)}
          >
            Show {ref} in the page
          </button>
        )}
        {message.ok === true && FIND_TOOLS.has(message.tool ?? '') && <FindResultList result={message.result ?? ''} />}
        <h3>Arguments</h3>
        <pre>{prettyJson(message.args ?? {})}</pre>
        {!pending && (
          <>
            <h3>
              Result{message.ok === false ? ' (error)' : ''}
              <button type="button" class="link-button raw-toggle" aria-pressed={raw} onClick={() => setRaw(!raw)}>
                {raw ? 'readable' : 'exactly as the model saw it'}
              </button>
            </h3>
            <pre>{clipped ? `${sliceSafe(result, RESULT_PREVIEW)}…` : result}</pre>
            {clipped && (
              <button type="button" class="link-button" onClick={() => setShowAll(true)}>
                Show all {result.length.toLocaleString()} characters
              </button>
            )}
          </>
        )}
      </div>
    </details>
  );
}

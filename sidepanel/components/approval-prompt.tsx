import { useEffect, useRef, useState } from 'preact/hooks';
import { prettyJson } from '../lib/tool-summary';
import { answerApproval, chat } from '../store';

const KIND_WORDS: Readonly<Record<string, string>> = {
  click: 'clicks like this',
  submit: 'form submissions',
  send: 'sending messages',
  choose: 'choices like this',
  navigate: 'opening pages',
};

/**
 * Shown while the agent waits before a hard-to-undo action. Focus moves to the prompt itself, not to a
 * button, so a stray Enter can never approve a payment.
 */
export function ApprovalPrompt() {
  const pending = chat.value?.approval;
  const ref = useRef<HTMLElement>(null);
  const [answered, setAnswered] = useState<string | null>(null);
  useEffect(() => {
    if (pending) ref.current?.focus();
    setAnswered(null);
  }, [pending?.approvalId]);
  if (!pending) return null;
  let host = pending.site;
  try {
    host = new URL(pending.site).host || pending.site;
  } catch {
    // Not a URL (e.g. "file" pages): show it as given.
  }
  // execute_js puts its code after the first line: shown verbatim, not collapsed into the sentence.
  const cut = pending.description.indexOf('\n');
  const head = cut < 0 ? pending.description : pending.description.slice(0, cut);
  const body = cut < 0 ? '' : pending.description.slice(cut + 1);
  // A grant covers one action kind on one frame origin, never more (see background/policy/trusted-sites.ts).
  const kindWords = KIND_WORDS[pending.kind ?? ''] ?? 'this kind of action';
  const answer = (decision: 'approve' | 'deny', trust: 'task' | 'hour' | null = null) => {
    setAnswered(decision);
    answerApproval(decision, trust);
  };
  return (
    <section
      class="approval"
      ref={ref}
      tabIndex={-1}
      role="alertdialog"
      aria-modal="false"
      aria-labelledby="approval-title"
      aria-describedby="approval-what"
      data-testid="approval"
    >
      <h2 id="approval-title">Approve this action?</h2>
      <p id="approval-what" class="approval-what">
        <strong>{head}</strong> on{' '}
        <span class="approval-site" title={pending.site}>
          {host}
        </span>
      </p>
      {body && <pre class="approval-code">{body}</pre>}
      <details class="approval-details">
        <summary>Details ({pending.tool})</summary>
        <pre>{prettyJson(pending.args)}</pre>
      </details>
      <div class="approval-actions">
        <button type="button" class="button-primary" disabled={answered !== null} onClick={() => answer('approve')}>
          Approve
        </button>
        <button type="button" class="button-danger" disabled={answered !== null} onClick={() => answer('deny')}>
          Deny
        </button>
        {pending.trustable && (
          <>
            <button
              type="button"
              class="button-quiet"
              disabled={answered !== null}
              onClick={() => answer('approve', 'task')}
              title={`Approve, and stop asking for ${kindWords} on ${host} until this task ends`}
            >
              Approve; don't ask again for {kindWords} on {host} in this task
            </button>
            <button
              type="button"
              class="button-quiet"
              disabled={answered !== null}
              onClick={() => answer('approve', 'hour')}
              title={`Approve, and stop asking for ${kindWords} on ${host} for one hour, in any task`}
            >
              …for 1 hour
            </button>
          </>
        )}
      </div>
    </section>
  );
}

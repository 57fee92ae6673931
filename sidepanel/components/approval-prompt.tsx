import { useEffect, useRef, useState } from 'preact/hooks';
import { prettyJson } from '../lib/tool-summary';
import { answerApproval, chat } from '../store';

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
  const answer = (decision: 'approve' | 'deny', trust = false) => {
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
        <strong>{pending.description}</strong> on{' '}
        <span class="approval-site" title={pending.site}>
          {host}
        </span>
      </p>
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
        <button
          type="button"
          class="button-quiet"
          disabled={answered !== null}
          onClick={() => answer('approve', true)}
          title={`Approve, and stop asking on ${host} until the browser closes`}
        >
          Approve and trust {host} for this session
        </button>
      </div>
    </section>
  );
}

import { dismissNotice, panelNotices } from '../store';

/** Problems the panel noticed itself (a malformed event, an unreachable worker): visible, never a crash. */
export function Notices() {
  const list = panelNotices.value;
  if (list.length === 0) return null;
  return (
    <div class="panel-notices" data-testid="panel-notices">
      {list.map((text, i) => (
        <p key={i} class="panel-notice" role="alert">
          <span>{text}</span>
          <button type="button" class="icon-button" aria-label="Dismiss" onClick={() => dismissNotice(i)}>
            ×
          </button>
        </p>
      ))}
    </div>
  );
}

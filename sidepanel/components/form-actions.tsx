/**
 * The footer every small panel form shares (save shortcut, save workflow, review and run a workflow):
 * the primary button, Cancel, and the form's error as an alert so a screen reader announces it when
 * it appears (WAI-ARIA 1.2 `alert` role: an assertive live region).
 */

interface Props {
  /** The primary button's text, which is also its accessible name. */
  primary: string;
  /** Without it the primary button submits its form; with it the button is a plain button that calls it. */
  onPrimary?: () => void;
  disabled?: boolean;
  onCancel: () => void;
  error: string | null;
  /** The error's id, for a field that points at it with `aria-describedby`. */
  errorId?: string;
}

export function FormActions({ primary, onPrimary, disabled, onCancel, error, errorId }: Props) {
  return (
    <>
      <div class="save-shortcut-actions">
        {onPrimary ? (
          <button type="button" class="button-primary" disabled={disabled} onClick={onPrimary}>
            {primary}
          </button>
        ) : (
          <button type="submit" class="button-primary" disabled={disabled}>
            {primary}
          </button>
        )}
        <button type="button" class="button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {error && (
        <p class="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

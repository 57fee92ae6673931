/**
 * The DOM events through which an action's observation (isolated world, content-scripts/actions/
 * page-errors.ts) asks the always-on core (page's MAIN world, content-scripts/core.ts) for the console
 * errors the action caused. Errors and `console.error` calls happen in the page's world: Blink
 * dispatches a script's `error` event only to listeners of the world the script ran in, and an
 * isolated world never sees the page's console. A DOM event is the one channel both worlds share.
 */
export const PAGE_ERROR_EVENTS = {
  /** Isolated world → core, on the document: start listening (`detail` unused). Counted: nested starts need as many stops. */
  start: 'weaverbird-errors-start',
  /** Isolated world → core: one observation ended. */
  stop: 'weaverbird-errors-stop',
  /** Core → isolated world, on the document, `detail` = the error's text (a string, cut to 300 characters). */
  error: 'weaverbird-errors-entry',
  /**
   * Core → isolated world, on the document, `detail` = the API's name: the page called an API that
   * needs user activation (HTML §6.4.3: window.open's popup, requestFullscreen, clipboard writes)
   * while the document had none, so the browser refused it. A synthetic click gives no activation.
   */
  gesture: 'weaverbird-gesture-needed',
  /**
   * Core → isolated world, on the document: the page pushed a history entry (`history.pushState`)
   * while it had no user activation. Chrome then marks the entry it left as one that Back skips
   * (the history manipulation intervention, https://crbug.com/907167), so a person's Back after the
   * agent's click would jump past the page the click started from.
   */
  history: 'weaverbird-history-unactivated',
} as const;

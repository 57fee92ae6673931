/**
 * The only extension APIs page code may call, declared by hand so `content-scripts/tsconfig.json` can
 * type-check page code without `@types/chrome` (and without Node's types): a content script that reaches
 * for `chrome.tabs` or `process` fails the type check instead of failing in the page, where those APIs do
 * not exist. The worker and panel get the full `@types/chrome` (root tsconfig.json, which excludes this file).
 */
declare namespace chrome {
  namespace runtime {
    const id: string;
    interface MessageSender {
      id?: string;
    }
    const onMessage: {
      addListener(
        callback: (
          message: unknown,
          sender: MessageSender,
          sendResponse: (response?: unknown) => void,
        ) => boolean | undefined,
      ): void;
    };
  }
  /** chrome.dom (Chrome 88+): reads closed shadow roots for content scripts. */
  namespace dom {
    function openOrClosedShadowRoot(element: HTMLElement): ShadowRoot | null;
  }
}

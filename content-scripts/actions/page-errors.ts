/**
 * The console errors an action caused, heard from the page's world through the always-on core
 * (content-scripts/core.ts; the events in content-scripts/page-error-events.ts). Where the core does
 * not run (a frame it was not injected into), no errors are reported, never a wrong list.
 */
import { PAGE_ERROR_EVENTS } from '../page-error-events';

const MAX_ERRORS = 3;

export class PageErrors {
  private readonly seen: string[] = [];
  private count = 0;
  private stopped = false;
  private readonly gestureApis = new Set<string>();
  private unactivatedPushes = 0;
  private readonly onHistory = (): void => {
    this.unactivatedPushes += 1;
  };
  private readonly onGesture = (e: Event): void => {
    if (e instanceof CustomEvent && typeof e.detail === 'string') this.gestureApis.add(e.detail.slice(0, 40));
  };
  private readonly onError = (e: Event): void => {
    if (!(e instanceof CustomEvent) || typeof e.detail !== 'string') return;
    this.count += 1;
    if (this.seen.length < MAX_ERRORS && !this.seen.includes(e.detail)) this.seen.push(e.detail);
    this.onActivity();
  };

  constructor(
    private readonly doc: Document,
    private readonly onActivity: () => void,
  ) {
    doc.addEventListener(PAGE_ERROR_EVENTS.error, this.onError);
    doc.addEventListener(PAGE_ERROR_EVENTS.gesture, this.onGesture);
    doc.addEventListener(PAGE_ERROR_EVENTS.history, this.onHistory);
    doc.dispatchEvent(new CustomEvent(PAGE_ERROR_EVENTS.start));
  }

  /** `TypeError: x is undefined`, at most three, with how many more there were. */
  list(): string[] {
    const more = this.count - this.seen.length;
    return more > 0 ? [...this.seen, `(+${more} more)`] : [...this.seen];
  }

  /** APIs the page called without user activation during the action (refused by the browser). */
  gestures(): string[] {
    return [...this.gestureApis];
  }

  /** History entries the page pushed without user activation during the action. */
  pushesWithoutActivation(): number {
    return this.unactivatedPushes;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.doc.removeEventListener(PAGE_ERROR_EVENTS.error, this.onError);
    this.doc.removeEventListener(PAGE_ERROR_EVENTS.gesture, this.onGesture);
    this.doc.removeEventListener(PAGE_ERROR_EVENTS.history, this.onHistory);
    this.doc.dispatchEvent(new CustomEvent(PAGE_ERROR_EVENTS.stop));
  }
}

const ALARM = 'wb-task-watchdog';
let timer: ReturnType<typeof setInterval> | null = null;

/**
 * While a task runs: an extension API call every 20 s resets Chrome's 30 s idle timer (Chrome
 * 110+), and a periodic alarm wakes the worker if Chrome stops it anyway, so the restart path can
 * resume the task even when no panel is open to reconnect.
 */
export function setTaskKeepalive(active: boolean): void {
  if (active && !timer) {
    timer = setInterval(() => void chrome.runtime.getPlatformInfo(), 20_000);
    void chrome.alarms?.create(ALARM, { periodInMinutes: 0.5 });
  } else if (!active) {
    if (timer) clearInterval(timer);
    timer = null;
    // Also clears an alarm a previous worker instance left behind.
    void chrome.alarms?.clear(ALARM);
  }
}

export const WATCHDOG_ALARM = ALARM;

/**
 * The panel's end of the `wb-agent` Port. Every incoming event is parsed with AgentEventSchema: a bad
 * one is reported, never acted on. Chrome disconnects the Port when the worker stops or reloads, so the
 * connection reconnects with backoff and re-subscribes; the worker's snapshot then restores the chat.
 */
import { AGENT_PORT, AgentEventSchema, type AgentCommand, type AgentEvent } from '../../shared/protocol/agent';
import { errorMessage } from '../../shared/result';

export interface AgentConnectionHandlers {
  onEvent(event: AgentEvent): void;
  onBadEvent(detail: string): void;
  onConnectionChange(connected: boolean): void;
}

/** The slice of chrome.runtime the connection needs; tests pass a fake. */
export interface PortOpener {
  connect(info: { name: string }): chrome.runtime.Port;
}

export class AgentConnection {
  private port: chrome.runtime.Port | null = null;
  private tabId: number | null = null;
  private retry = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    private readonly handlers: AgentConnectionHandlers,
    private readonly runtime: PortOpener = chrome.runtime,
  ) {}

  /** Watches one tab: its snapshot first, then its live events. */
  subscribe(tabId: number): void {
    this.tabId = tabId;
    this.send({ type: 'subscribe', tabId });
  }

  /** Sends a command, opening the Port first if needed; false if the worker cannot be reached. */
  send(command: AgentCommand): boolean {
    const port = this.ensurePort();
    if (!port) return false;
    try {
      port.postMessage(command);
      return true;
    } catch (e) {
      this.handlers.onBadEvent(`could not reach the agent: ${errorMessage(e)}`);
      this.dropPort();
      return false;
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.port?.disconnect();
    this.port = null;
  }

  private ensurePort(): chrome.runtime.Port | null {
    if (this.port) return this.port;
    if (this.closed) return null;
    let port: chrome.runtime.Port;
    try {
      port = this.runtime.connect({ name: AGENT_PORT });
    } catch (e) {
      this.handlers.onBadEvent(`could not connect to the agent: ${errorMessage(e)}`);
      this.scheduleReconnect();
      return null;
    }
    port.onMessage.addListener((raw: unknown) => this.receive(raw));
    port.onDisconnect.addListener(() => {
      // Reading lastError marks it handled, so Chrome does not log "Unchecked runtime.lastError".
      void chrome.runtime.lastError;
      this.dropPort();
      this.scheduleReconnect();
    });
    this.port = port;
    this.handlers.onConnectionChange(true);
    return port;
  }

  private receive(raw: unknown): void {
    this.retry = 0;
    const parsed = AgentEventSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const type = typeof raw === 'object' && raw !== null && 'type' in raw ? String(raw.type) : 'unknown';
      this.handlers.onBadEvent(
        `ignored a malformed "${type}" event from the agent (${issue ? `${issue.path.join('.') || 'event'}: ${issue.message}` : 'bad shape'})`,
      );
      return;
    }
    this.handlers.onEvent(parsed.data);
  }

  private dropPort(): void {
    if (!this.port) return;
    this.port = null;
    this.handlers.onConnectionChange(false);
  }

  private scheduleReconnect(): void {
    if (this.closed || this.timer || this.tabId === null) return;
    const delay = Math.min(200 * 2 ** this.retry, 5000);
    this.retry += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.tabId !== null) this.subscribe(this.tabId);
    }, delay);
  }
}

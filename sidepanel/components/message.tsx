import type { ChatMessage } from '../../shared/protocol/agent';
import { MarkdownView } from './markdown-view';
import { ToolCard } from './tool-card';

export function Message({ message, streaming }: { message: ChatMessage; streaming: boolean }) {
  switch (message.role) {
    case 'user':
      return (
        <div class="msg msg-user" data-testid="msg-user">
          <span class="visually-hidden">You: </span>
          <p>{message.text}</p>
        </div>
      );
    case 'assistant':
      return (
        <div
          class={`msg msg-assistant${streaming ? ' is-streaming' : ''}`}
          data-testid="msg-assistant"
          aria-busy={streaming}
        >
          <span class="visually-hidden">Weaverbird: </span>
          <MarkdownView text={message.text ?? ''} />
        </div>
      );
    case 'tool':
      return <ToolCard message={message} />;
    case 'notice':
      return (
        <p
          class={`msg msg-notice${message.ok === false ? ' is-error' : ''}`}
          data-testid="msg-notice"
          role={message.ok === false ? 'alert' : undefined}
        >
          {message.text}
        </p>
      );
  }
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { ANSWER_CHARS } from '../../shared/protocol/handover';
import { answerQuestion } from '../lib/handover-actions';
import { SECRET_ASK_WARNING, secretAskLanguages } from '../lib/secret-ask';
import { chat } from '../store';

/**
 * `ask_user`: the model's question (plain text) and a box for the user's answer, sent with Enter or the
 * button. It must never pass for Weaverbird's approval prompt (the model may be the page's): its own
 * class and colours (not `.approval`), "The agent asks" with the agent's icon, no Approve/Deny, and a
 * warning when the question asks for a password, code or card number (lib/secret-ask.ts).
 */
export function QuestionCard() {
  const pending = chat.value?.question;
  const box = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  useEffect(() => {
    setText('');
    setSent(false);
    if (pending) box.current?.focus();
  }, [pending?.questionId]);
  if (!pending) return null;
  const asksSecret = secretAskLanguages(pending.question).length > 0;
  const send = () => {
    if (text.trim() !== '') setSent(answerQuestion(text));
  };
  return (
    <section class="question-card" aria-labelledby="question-title" data-testid="question-card">
      <div class="question-head">
        <span class="question-badge" aria-hidden="true">
          ?
        </span>
        <h2 id="question-title">The agent asks</h2>
      </div>
      <p class="question-from">A question written by the AI model, not by Weaverbird or the site.</p>
      <p class="question-text">{pending.question}</p>
      {asksSecret && (
        <p class="question-warning" role="alert" data-testid="question-warning">
          {SECRET_ASK_WARNING}
        </p>
      )}
      <textarea
        ref={box}
        data-testid="question-answer"
        aria-label="Your answer"
        rows={2}
        maxLength={ANSWER_CHARS}
        value={text}
        disabled={sent}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            send();
          }
        }}
      />
      <div class="question-actions">
        <button type="button" class="button-quiet" disabled={sent || text.trim() === ''} onClick={send}>
          Answer
        </button>
      </div>
    </section>
  );
}

import { useEffect, useRef, useState } from 'preact/hooks';
import { ANSWER_CHARS } from '../../src/protocol/handover';
import { answerQuestion } from '../lib/handover-actions';
import { chat } from '../store';

/** `ask_user`: the model's question (plain text) and a box for the user's answer, sent with Enter or the button. */
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
  const send = () => {
    if (text.trim() !== '') setSent(answerQuestion(text));
  };
  return (
    <section class="approval question-card" aria-labelledby="question-title" data-testid="question-card">
      <h2 id="question-title">The agent asks</h2>
      <p class="question-text">{pending.question}</p>
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
      <div class="approval-actions">
        <button type="button" class="button-primary" disabled={sent || text.trim() === ''} onClick={send}>
          Answer
        </button>
      </div>
    </section>
  );
}

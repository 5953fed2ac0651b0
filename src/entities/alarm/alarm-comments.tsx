// Alarm comments (spec 2 §2, §5, §9): the newest three, then 'Show more'; the send button is disabled while the text
// is blank; Enter in the box sends (Shift+Enter starts a new line); a failed send keeps the text and shows the server's
// messages, or 'There was an error saving your comment, please try again'.
import { useState } from 'react';
import type { AlarmComment } from '@/contracts/alarm';
import { ApiError } from '@/api/client';
import { canSendComment, COMMENT_MAX, COMMENT_SAVE_FAILED, COMMENTS_SHOWN } from '@/domain/alarm';
import { formatDateTime } from '@/domain/format';
import { useSession } from '../../ui/session-context';
import { useAddComment } from './api';

export function AlarmComments({
  alarmId,
  organizationId,
  comments,
}: {
  alarmId: number;
  organizationId: number;
  comments: readonly AlarmComment[];
}) {
  const { user } = useSession();
  const add = useAddComment();
  const [text, setText] = useState('');
  const [all, setAll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const newestFirst = [...comments].reverse();
  const shown = all ? newestFirst : newestFirst.slice(0, COMMENTS_SHOWN);

  async function send() {
    if (!canSendComment(text) || add.isPending) return;
    setError(null);
    try {
      await add.mutateAsync({ organizationId, alarmId, content: text.trim() });
      setText('');
    } catch (e) {
      // spec 2 §8: the server's messages joined by commas, or the fixed text.
      const messages = e instanceof ApiError ? Object.values(e.errors).flat() : [];
      setError(messages.length ? messages.join(', ') : COMMENT_SAVE_FAILED);
    }
  }

  return (
    <section aria-labelledby="alarm-comments" className="grid gap-2">
      <h3 id="alarm-comments" className="font-semibold">
        Comments <span className="badge badge-sm badge-ghost">{comments.length}</span>
      </h3>
      <div className="flex items-end gap-2">
        <label className="form-control grow">
          <span className="sr-only">New comment</span>
          <textarea
            className="textarea textarea-sm w-full"
            rows={2}
            maxLength={COMMENT_MAX}
            placeholder="Add a comment"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void send();
              }
            }}
          />
        </label>
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={!canSendComment(text) || add.isPending}
          onClick={() => void send()}
        >
          {add.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Send
        </button>
      </div>
      {error && (
        <p className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      {comments.length === 0 ? (
        <p className="text-sm text-base-content/70">No comments yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Comments">
          {shown.map((c) => (
            <li key={c.id} className="rounded-box bg-base-200 p-2 text-sm">
              <p className="whitespace-pre-wrap">{c.content}</p>
              <p className="mt-1 text-xs text-base-content/70">{`${c.email} · ${formatDateTime(c.createdAt, user.userSettings.ianaTimezoneId, user.userSettings.timeFormat)}`}</p>
            </li>
          ))}
        </ul>
      )}
      {comments.length > COMMENTS_SHOWN && (
        <button type="button" className="btn btn-link btn-sm justify-self-start px-0" onClick={() => setAll((v) => !v)}>
          {all ? 'Show less' : `Show more (${comments.length - COMMENTS_SHOWN})`}
        </button>
      )}
    </section>
  );
}

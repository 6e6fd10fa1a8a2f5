import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useState } from 'preact/hooks';
import { graphql } from './gql';
import type { AlertState } from './gql/graphql';
import { AlertLive } from './live';
import { date, dateTime, HISTORY_WORDS, MOVABLE_STATES, refusal, SEVERITY_WORDS, STATE_WORDS, word } from './words';

const AlertPage = graphql(`
  query ConsoleAlert($id: ID!) {
    alert(id: $id) { id alertId organizationId scanTargetId rule ruleTitle resource severity state createdAt openedAt resolvedAt compliances labels }
    alertHistoryOf(alertId: $id, first: 100) { totalCount nodes { id operation state severity userId createdAt } }
    alertComments(alertId: $id, first: 100) { totalCount nodes { id comment userName createdAt } }
  }
`);

const AddComment = graphql(`
  mutation ConsoleAddComment($input: CreateAlertCommentInput!) {
    createAlertComment(input: $input) { alertComment { id comment userName createdAt } }
  }
`);

const MoveState = graphql(`
  mutation ConsoleMoveState($input: UpdateAlertInput!) {
    updateAlert(input: $input) { alert { id state version openedAt resolvedAt } }
  }
`);

export function AlertView({ id, org, adminOf }: { id: string; org: string; adminOf: string[] }) {
  const { data, error, refetch } = useQuery(AlertPage, { variables: { id } });
  useSubscription(AlertLive, {
    variables: { org },
    onData: ({ data: live }) => {
      if (live.data?.alertChanged.alert?.id === id) void refetch();
    },
  });
  const [addComment, adding] = useMutation(AddComment);
  const [moveState, moving] = useMutation(MoveState);
  const [text, setText] = useState('');
  const [next, setNext] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  if (error) return <p role="alert">{error.message}</p>;
  const a = data?.alert;
  if (!a || !data) return <p>Loading…</p>;
  const mayMove = adminOf.includes(a.organizationId);
  const attempt = async (change: () => Promise<unknown>, after: () => void) => {
    setRefused(null);
    try {
      await change();
      after();
      await refetch();
    } catch (e) {
      setRefused(refusal(e as Error));
    }
  };
  return (
    <section aria-labelledby="h-alert">
      <h2 id="h-alert">{a.ruleTitle ?? a.rule}</h2>
      <dl>
        <dt>Severity</dt>
        <dd>{word(SEVERITY_WORDS, a.severity)}</dd>
        <dt>State</dt>
        <dd data-testid="alert-state">{word(STATE_WORDS, a.state)}</dd>
        <dt>Resource</dt>
        <dd class="wrap">{a.resource}</dd>
        <dt>Created</dt>
        <dd>{date(a.createdAt)}</dd>
        <dt>Opened</dt>
        <dd>{date(a.openedAt)}</dd>
        <dt>Resolved</dt>
        <dd>{date(a.resolvedAt)}</dd>
        <dt>Compliance</dt>
        <dd>{a.compliances.join(', ') || '—'}</dd>
      </dl>
      {refused && <p role="alert">{refused}</p>}
      <h3 id="h-move">Move the state</h3>
      {!mayMove ? (
        <p>Only the organization's admins may move an alert's state; this key's user is not one of them.</p>
      ) : !a.scanTargetId ? (
        <p>Its scan target was deleted, so its state no longer moves.</p>
      ) : (
        <form
          class="move"
          aria-labelledby="h-move"
          onSubmit={(e) => {
            e.preventDefault();
            if (!next || !a.scanTargetId) return;
            const input = { organizationId: a.organizationId, scanTargetId: a.scanTargetId, alertId: a.alertId, state: next as AlertState };
            void attempt(
              () => moveState({ variables: { input } }),
              () => setNext(''),
            );
          }}
        >
          <label>
            New state{' '}
            <select id="move-state" value={next} onChange={(e) => setNext((e.target as HTMLSelectElement).value)}>
              <option value="">Choose…</option>
              {MOVABLE_STATES.filter((s) => s !== a.state).map((s) => (
                <option key={s} value={s}>
                  {word(STATE_WORDS, s)}
                </option>
              ))}
            </select>
          </label>{' '}
          <button type="submit" disabled={!next || moving.loading}>
            Move
          </button>
        </form>
      )}
      <h3 id="h-history">History ({data.alertHistoryOf.totalCount ?? data.alertHistoryOf.nodes.length})</h3>
      <ol class="history" aria-labelledby="h-history">
        {data.alertHistoryOf.nodes.map((h) => (
          <li key={h.id}>
            <time dateTime={h.createdAt}>{dateTime(h.createdAt)}</time>: {word(HISTORY_WORDS, h.operation)}, {word(STATE_WORDS, h.state)}
            {h.userId ? ' (by a person)' : ' (by a scan)'}
          </li>
        ))}
      </ol>
      <h3 id="h-comments">Comments ({data.alertComments.totalCount})</h3>
      {data.alertComments.nodes.length === 0 ? (
        <p>No comment yet.</p>
      ) : (
        <ol class="comments" aria-labelledby="h-comments">
          {data.alertComments.nodes.map((c) => (
            <li key={c.id}>
              <p class="wrap">{c.comment}</p>
              <p class="meta">
                {c.userName ?? 'Someone'}, <time dateTime={c.createdAt}>{dateTime(c.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <form
        class="comment"
        onSubmit={(e) => {
          e.preventDefault();
          const comment = text.trim();
          if (!comment) return;
          const input = { organizationId: a.organizationId, alertId: a.alertId, comment, mimeType: 'text/plain' };
          void attempt(
            () => addComment({ variables: { input } }),
            () => setText(''),
          );
        }}
      >
        <label for="new-comment">Add a comment</label>
        <textarea id="new-comment" rows={3} value={text} onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} />
        <button type="submit" disabled={!text.trim() || adding.loading}>
          Add comment
        </button>
      </form>
    </section>
  );
}

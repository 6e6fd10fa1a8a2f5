import { useQuery, useSubscription } from '@apollo/client/react';
import { useMemo, useState } from 'preact/hooks';
import { graphql } from './gql';
import { Pager } from './pager';
import { dateTime, SEVERITY_WORDS, word } from './words';

const RiskAccepted = graphql(`
  query ConsoleRiskAccepted($org: ID!, $after: String) {
    alerts(organizationId: $org, filter: { states: [RISK_ACCEPTED] }, first: 25, after: $after, order: UPDATED_AT, sort: DESC) {
      nodes { id rule ruleTitle resource severity riskAcceptance { userId acceptedAt reason { id comment createdAt } } }
      pageInfo { hasNextPage endCursor }
    }
    members(organizationId: $org, first: 1000) { nodes { id userId name } }
  }
`);

const AlertMoved = graphql(`
  subscription ConsoleRiskAlertChanged($org: ID!) {
    alertChanged(organizationId: $org) { cursor alert { id state } }
  }
`);

const CommentAdded = graphql(`
  subscription ConsoleRiskCommentAdded($org: ID!) {
    eventAppended(organizationId: $org, names: [ALERT_COMMENT_CREATED]) { cursor }
  }
`);

type Acceptance = { userId?: string | null; acceptedAt: string; reason?: { comment: string; createdAt: string } | null } | null | undefined;

/**
 * Who accepted one alert's risk, when and why (Alert.riskAcceptance, read with the page in one query). The API has no
 * reason field: the reason shown is the accepting member's newest comment on the alert.
 */
function AcceptanceDetail({ accepted, names }: { accepted: Acceptance; names: Map<string, string> }) {
  const who = accepted?.userId ? (names.get(accepted.userId) ?? 'A former member') : 'Unknown';
  const reason = accepted?.reason;
  return (
    <dl>
      <dt>Accepted by</dt>
      <dd class="wrap">{who}</dd>
      <dt>On</dt>
      <dd>{accepted ? <time dateTime={accepted.acceptedAt}>{dateTime(accepted.acceptedAt)}</time> : '—'}</dd>
      <dt>Reason</dt>
      <dd class="wrap">{reason ? `“${reason.comment}” (their newest comment, ${dateTime(reason.createdAt)})` : 'No comment from them on this alert.'}</dd>
    </dl>
  );
}

/** The organization's alerts in the risk-accepted state, newest change first, each with who accepted it, when and why; live. */
export function RiskAcceptancesView({ org }: { org: string }) {
  const [after, setAfter] = useState<string[]>([]);
  const { data, error, refetch } = useQuery(RiskAccepted, { variables: { org, after: after.at(-1) } });
  const shown = useMemo(() => new Set(data?.alerts.nodes.map((a) => a.id)), [data]);
  useSubscription(AlertMoved, {
    variables: { org },
    onData: ({ data: live }) => {
      const alert = live.data?.alertChanged.alert;
      if (!alert || (alert.state !== 'RISK_ACCEPTED' && !shown.has(alert.id))) return;
      void refetch();
    },
  });
  // A comment may change a card's reason: the page is read again (one query, every card's acceptance in it).
  useSubscription(CommentAdded, { variables: { org }, onData: () => void refetch() });
  const names = useMemo(() => new Map(data?.members.nodes.map((m) => [m.userId, m.name])), [data]);
  if (error) return <p role="alert">{error.message}</p>;
  const rows = data?.alerts.nodes;
  return (
    <section aria-labelledby="h-risks">
      <h2 id="h-risks">Risk acceptances</h2>
      <p>Alerts this organization chose to live with, the latest decision first: who accepted each, when, and what they wrote about it.</p>
      {rows && rows.length === 0 && after.length === 0 ? <p>No alert is risk accepted.</p> : null}
      <ul class="acceptances">
        {rows?.map((a) => (
          <li key={a.id}>
            <h3>
              <a href={`#alert/${a.id}`}>{a.ruleTitle ?? a.rule}</a>
            </h3>
            <p class="wrap">
              {word(SEVERITY_WORDS, a.severity)} · {a.resource}
            </p>
            <AcceptanceDetail accepted={a.riskAcceptance} names={names} />
          </li>
        ))}
      </ul>
      <Pager after={after} setAfter={setAfter} pageInfo={data?.alerts.pageInfo} />
    </section>
  );
}

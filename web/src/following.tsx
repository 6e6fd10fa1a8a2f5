import { useQuery, useSubscription } from '@apollo/client/react';
import { useState } from 'preact/hooks';
import { AlertTable } from './alert-table';
import { graphql } from './gql';
import type { FollowedPostureOrderField, Sort } from './gql/graphql';
import { AlertLive } from './live';
import { Pager } from './pager';

const Following = graphql(`
  query ConsoleFollowing($org: ID!, $orderBy: FollowedPostureOrder) {
    followingPosture(organizationId: $org, first: 100, orderBy: $orderBy) {
      totalCount
      nodes { grade trendDelta organization { id name } open { total } overdue { total } }
    }
  }
`);

const FollowedAlerts = graphql(`
  query ConsoleFollowedAlerts($org: ID!, $followed: ID!, $after: String) {
    followingAlerts(organizationId: $org, following: { followingIds: [$followed] }, first: 25, after: $after, order: CREATED_AT, sort: DESC) {
      nodes { id rule ruleTitle resource severity state createdAt organization { name } }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

const FOLLOWED_COLUMNS = [
  ['GRADE', 'Grade'],
  ['OVERDUE', 'Overdue'],
  ['TREND_DELTA', 'Change in 30 days'],
  ['OPEN', 'Open'],
] as const;

export function FollowingView({ org }: { org: string }) {
  const [order, setOrder] = useState<{ field: FollowedPostureOrderField; direction: Sort }>({
    field: 'GRADE' as FollowedPostureOrderField,
    direction: 'DESC' as Sort,
  });
  const { data, error, refetch } = useQuery(Following, { variables: { org, orderBy: order } });
  useSubscription(AlertLive, { variables: { org }, onData: () => void refetch() });
  if (error) return <p role="alert">{error.message}</p>;
  const sortBy = (field: FollowedPostureOrderField) =>
    setOrder(order.field === field ? { field, direction: (order.direction === 'DESC' ? 'ASC' : 'DESC') as Sort } : { field, direction: 'DESC' as Sort });
  return (
    <section aria-labelledby="h-following">
      <h2 id="h-following">Followed organizations</h2>
      {data && data.followingPosture.totalCount === 0 ? (
        <p>This organization follows no other yet.</p>
      ) : (
        <table class="following">
          <caption>Riskiest first by grade; choose a column to sort by it. Alerts behind a follow are censored.</caption>
          <thead>
            <tr>
              <th scope="col">Organization</th>
              {FOLLOWED_COLUMNS.map(([field, label]) => (
                <th scope="col" key={field} aria-sort={order.field === field ? (order.direction === 'ASC' ? 'ascending' : 'descending') : undefined}>
                  <button type="button" class="sort" id={`sort-${field.toLowerCase()}`} onClick={() => sortBy(field as FollowedPostureOrderField)}>
                    {label}
                    {order.field === field ? (order.direction === 'ASC' ? ' ▲' : ' ▼') : ''}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data?.followingPosture.nodes.map((f) => (
              <tr key={f.organization.id}>
                <td>
                  <a href={`#followed/${f.organization.id}`}>{f.organization.name}</a>
                </td>
                <td>{f.grade}</td>
                <td>{f.overdue.total}</td>
                <td>{f.trendDelta > 0 ? `${f.trendDelta} more` : f.trendDelta < 0 ? `${-f.trendDelta} fewer` : 'No change'}</td>
                <td>{f.open.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function FollowedAlertsView({ org, followed }: { org: string; followed: string }) {
  const [after, setAfter] = useState<string[]>([]);
  const { data, error, refetch } = useQuery(FollowedAlerts, { variables: { org, followed, after: after.at(-1) } });
  useSubscription(AlertLive, { variables: { org }, onData: () => void refetch() });
  if (error) return <p role="alert">{error.message}</p>;
  const name = data?.followingAlerts.nodes[0]?.organization.name;
  return (
    <section aria-labelledby="h-followed">
      <h2 id="h-followed">{name ? `Alerts of ${name}` : 'Alerts of a followed organization'}</h2>
      <p>
        <a href="#following">Back to the followed organizations</a>. Resources are censored: a follower sees what fails, not where.
      </p>
      {data && data.followingAlerts.nodes.length === 0 && after.length === 0 ? <p>No alert.</p> : null}
      <AlertTable alerts={data?.followingAlerts.nodes} view="follower" />
      <Pager after={after} setAfter={setAfter} pageInfo={data?.followingAlerts.pageInfo} />
    </section>
  );
}

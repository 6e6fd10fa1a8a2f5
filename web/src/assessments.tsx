import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { useMemo, useState } from 'preact/hooks';
import { graphql } from './gql';
import type { AssessmentRole } from './gql/graphql';
import { Pager } from './pager';
import { ASSESSMENT_STATUS_WORDS, date, due, word } from './words';

const Assessments = graphql(`
  query ConsoleAssessments($org: ID!, $role: AssessmentRole!, $after: String) {
    assessments(organizationId: $org, role: $role, first: 25, after: $after) {
      nodes { id name status dueDate overdue senderId receiverId createdAt }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

/** The organizations an assessment can go to or come from: those linked by a follow, either way. */
const Counterparts = graphql(`
  query ConsoleAssessmentCounterparts($org: ID!) {
    followers(organizationId: $org, first: 1000) { nodes { id followerId name } }
    following(organizationId: $org, first: 1000) { nodes { id followingId name } }
  }
`);

/** The assessment events of the organization's log, on either side (the log holds both sides' copies). */
const AssessmentLive = graphql(`
  subscription ConsoleAssessmentChanged($org: ID!) {
    eventAppended(organizationId: $org, names: [ASSESSMENT_CREATED, ASSESSMENT_UPDATED, ASSESSMENT_OVERDUE]) { cursor }
  }
`);

const SIDES = [
  { role: 'SENT', title: 'Sent', other: 'Sent to', none: 'This organization has sent no assessment yet.' },
  { role: 'RECEIVED', title: 'Received', other: 'Sent by', none: 'This organization has received no assessment yet.' },
] as const;

function AssessmentTable({ org, side, names }: { org: string; side: (typeof SIDES)[number]; names: Map<string, string> }) {
  const [after, setAfter] = useState<string[]>([]);
  const { data, error } = useQuery(Assessments, { variables: { org, role: side.role as AssessmentRole, after: after.at(-1) } });
  if (error) return <p role="alert">{error.message}</p>;
  const id = `h-assessments-${side.role.toLowerCase()}`;
  const rows = data?.assessments.nodes;
  return (
    <>
      <h3 id={id}>{side.title}</h3>
      {rows && rows.length === 0 && after.length === 0 ? (
        <p>{side.none}</p>
      ) : (
        <table class="assessments" aria-labelledby={id} data-testid={`assessments-${side.role.toLowerCase()}`}>
          <thead>
            <tr>
              <th scope="col">Assessment</th>
              <th scope="col">{side.other}</th>
              <th scope="col">Status</th>
              <th scope="col">Due</th>
              <th scope="col">Sent on</th>
            </tr>
          </thead>
          <tbody>
            {rows?.map((a) => {
              const other = side.role === 'SENT' ? a.receiverId : a.senderId;
              return (
                <tr key={a.id}>
                  <td class="wrap">{a.name}</td>
                  <td class="wrap">{names.get(other) ?? 'An organization no longer followed'}</td>
                  <td>{word(ASSESSMENT_STATUS_WORDS, a.status)}</td>
                  <td class={a.overdue ? 'late' : undefined}>{due(a.dueDate, a.overdue)}</td>
                  <td>{date(a.createdAt)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pager after={after} setAfter={setAfter} pageInfo={data?.assessments.pageInfo} label={`${side.title} assessments pages`} />
    </>
  );
}

/** The assessments the organization sent and received, each with where it stands and when it is due; live from the event log. */
export function AssessmentsView({ org }: { org: string }) {
  const counterparts = useQuery(Counterparts, { variables: { org } });
  const client = useApolloClient();
  // Each assessment event reads both tables' pages again (a change can move an assessment's status, due date or place).
  useSubscription(AssessmentLive, { variables: { org }, onData: () => void client.refetchQueries({ include: [Assessments, Counterparts] }) });
  const names = useMemo(() => {
    const d = counterparts.data;
    return new Map<string, string>([
      ...(d?.followers.nodes.map((f) => [f.followerId, f.name] as [string, string]) ?? []),
      ...(d?.following.nodes.map((f) => [f.followingId, f.name] as [string, string]) ?? []),
    ]);
  }, [counterparts.data]);
  // The tables wait for the names: an unknown id would otherwise read as an organization no longer followed.
  if (counterparts.error) return <p role="alert">{counterparts.error.message}</p>;
  return (
    <section aria-labelledby="h-assessments">
      <h2 id="h-assessments">Assessments</h2>
      <p>Questionnaires sent to the organizations this one follows or is followed by, and those they sent here. Late ones say by how many days.</p>
      {counterparts.data ? SIDES.map((side) => <AssessmentTable key={side.role} org={org} side={side} names={names} />) : <p>Loading…</p>}
    </section>
  );
}

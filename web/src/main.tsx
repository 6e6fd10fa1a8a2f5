import { ApolloProvider, useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { render } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { AssessmentsView } from './assessments';
import { makeClient } from './client';
import { Pager } from './pager';
import { RiskAcceptancesView } from './risk-acceptances';
import './style.css';
import { graphql } from './gql';
import type { AlertSeverity, AlertState, AlertStateFilter, FollowedPostureOrderField, Sort } from './gql/graphql';
import {
  date,
  dateTime,
  HISTORY_WORDS,
  hours,
  MOVABLE_STATES,
  refusal,
  SCAN_WORDS,
  SEVERITIES,
  SEVERITY_WORDS,
  STATE_FILTERS,
  STATE_WORDS,
  word,
} from './words';

performance.mark('vigil:start');
const KEY = 'vigilApiKey';

const Me = graphql(`
  query ConsoleMe {
    me { email member { organizationId roles } }
    organizations(first: 1000) { nodes { id name } }
  }
`);

const PostureFields = graphql(`
  fragment PostureFields on Posture {
    organizationId
    view
    grade
    open { critical high medium low info total }
    overdue { critical high medium low info total }
  }
`);
void PostureFields;

const Overview = graphql(`
  query ConsoleOverview($org: ID!, $from: String!) {
    posture(organizationId: $org) {
      ...PostureFields
      trend(input: { from: $from }) { from to openDelta days { date open { total critical high } } }
      timeToResolve(input: { from: $from }) { severity resolved medianHours p90Hours }
    }
  }
`);

const PostureLive = graphql(`
  subscription ConsolePostureChanged($org: ID!) {
    postureChanged(organizationId: $org) { cursor posture { ...PostureFields } }
  }
`);

const Alerts = graphql(`
  query ConsoleAlerts($org: ID!, $filter: AlertFilter, $after: String) {
    alerts(organizationId: $org, filter: $filter, first: 25, after: $after, order: CREATED_AT, sort: DESC) {
      nodes { id rule ruleTitle resource severity state createdAt }
      pageInfo { hasNextPage endCursor }
    }
  }
`);

/** The alert list's choices: the organization's scan targets, and the compliance tags of the rule catalog. */
const FilterChoices = graphql(`
  query ConsoleAlertFilterChoices($org: ID!) {
    scanTargets(organizationId: $org, first: 1000) { nodes { id name } }
    rules { id compliances }
  }
`);

const AlertLive = graphql(`
  subscription ConsoleAlertChanged($org: ID!) {
    alertChanged(organizationId: $org) { cursor event alert { id rule resource severity state } }
  }
`);

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

const Freshness = graphql(`
  query ConsoleScanFreshness($org: ID!) {
    posture(organizationId: $org) {
      organizationId
      view
      scanFreshness(first: 1000) {
        nodes { scanTarget { id name } lastSuccessfulScanAt lastScanStatus lastFailedScanAt failedScans neverScanned }
      }
    }
  }
`);

const TargetScans = graphql(`
  query ConsoleTargetScans($org: ID!, $target: ID!) {
    scans(organizationId: $org, scanTargetId: $target, first: 100) { nodes { id status error createdAt finishedAt } }
  }
`);

type Route = { view: string; id?: string };
const parseHash = (): Route => {
  const [view = 'overview', id] = location.hash.replace(/^#\/?/, '').split('/');
  return { view: view || 'overview', id };
};
function useRoute(): Route {
  const [route, setRoute] = useState(parseHash);
  useEffect(() => {
    const on = () => setRoute(parseHash());
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
}

const RANGES = [7, 30, 90, 365];
const isoDaysAgo = (days: number) => new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);

function Counts({ caption, counts }: { caption: string; counts: Record<string, number> }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {SEVERITIES.map((s) => (
            <th scope="col" key={s}>
              {SEVERITY_WORDS[s]}
            </th>
          ))}
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          {SEVERITIES.map((s) => (
            <td key={s}>{counts[s.toLowerCase()]}</td>
          ))}
          <td>{counts.total}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** The open total per day as an SVG line (no chart library: one polyline is all the trend needs). */
function TrendLine({ days }: { days: { date: string; open: { total: number } }[] }) {
  const w = 600;
  const h = 120;
  const max = Math.max(1, ...days.map((d) => d.open.total));
  const points = days.map((d, i) => `${(i / Math.max(1, days.length - 1)) * w},${h - (d.open.total / max) * (h - 10)}`).join(' ');
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      role="img"
      aria-label={`Open alerts per day, ${days[0]?.date} to ${days.at(-1)?.date}: from ${days[0]?.open.total} to ${days.at(-1)?.open.total}`}
      class="trend"
    >
      <polyline points={points} fill="none" stroke="#1d4f91" stroke-width="2" />
    </svg>
  );
}

function OverviewView({ org }: { org: string }) {
  const [range, setRange] = useState(30);
  const from = useMemo(() => isoDaysAgo(range), [range]);
  const { data, error, refetch } = useQuery(Overview, { variables: { org, from } });
  useSubscription(PostureLive, { variables: { org }, onData: () => void refetch() });
  useEffect(() => {
    if (data) performance.mark('vigil:interactive');
  }, [data]);
  if (error) return <p role="alert">{error.message}</p>;
  const p = data?.posture;
  if (!p) return <p>Loading…</p>;
  return (
    <section aria-labelledby="h-overview">
      <h2 id="h-overview">Overview</h2>
      <p class="grade">
        Grade <strong data-testid="grade">{p.grade}</strong>
      </p>
      <Counts caption="Open alerts by severity" counts={p.open} />
      <Counts caption="Overdue (open past the severity's time limit)" counts={p.overdue} />
      <fieldset>
        <legend>Trend range</legend>
        {RANGES.map((r) => (
          <label key={r}>
            <input type="radio" name="range" checked={range === r} onChange={() => setRange(r)} /> {r} days
          </label>
        ))}
      </fieldset>
      <p>
        Open alerts {date(p.trend.from)} to {date(p.trend.to)}:{' '}
        {p.trend.openDelta > 0 ? `${p.trend.openDelta} more (worse)` : p.trend.openDelta < 0 ? `${-p.trend.openDelta} fewer (better)` : 'no change'}
      </p>
      <TrendLine days={p.trend.days} />
      <table>
        <caption>Time to resolve, alerts resolved in the range</caption>
        <thead>
          <tr>
            <th scope="col">Severity</th>
            <th scope="col">Resolved</th>
            <th scope="col">Median</th>
            <th scope="col">90th percentile</th>
          </tr>
        </thead>
        <tbody>
          {p.timeToResolve.map((t) => (
            <tr key={t.severity}>
              <td>{word(SEVERITY_WORDS, t.severity)}</td>
              <td>{t.resolved}</td>
              <td>{hours(t.medianHours)}</td>
              <td>{hours(t.p90Hours)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** One choice of the alert list's filters: "Any", then the options as [value, words]. */
function FilterChoice(props: { label: string; id: string; value: string; onChange: (e: Event) => void; options: [string, string][] }) {
  return (
    <label>
      {props.label}{' '}
      <select id={props.id} value={props.value} onChange={props.onChange}>
        <option value="">Any</option>
        {props.options.map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
    </label>
  );
}

function AlertsView({ org }: { org: string }) {
  const [rule, setRule] = useState('');
  const [state, setState] = useState('');
  const [severity, setSeverity] = useState('');
  const [search, setSearch] = useState('');
  const [scanTarget, setScanTarget] = useState('');
  const [compliance, setCompliance] = useState('');
  const choices = useQuery(FilterChoices, { variables: { org } });
  const compliances = useMemo(() => [...new Set(choices.data?.rules.flatMap((r) => r.compliances))].sort(), [choices.data]);
  const [after, setAfter] = useState<string[]>([]);
  const filter = {
    ...(rule ? { rules: [rule] } : {}),
    ...(state ? { states: [state as AlertStateFilter] } : {}),
    ...(severity ? { severities: [severity as AlertSeverity] } : {}),
    ...(search ? { search } : {}),
    ...(scanTarget ? { scanTargetIds: [scanTarget] } : {}),
    ...(compliance ? { compliances: [compliance] } : {}),
  };
  const { data, error, refetch } = useQuery(Alerts, { variables: { org, filter, after: after.at(-1) } });
  useSubscription(AlertLive, { variables: { org }, onData: () => void refetch() });
  if (error) return <p role="alert">{error.message}</p>;
  const set = (setter: (v: string) => void) => (e: Event) => {
    setAfter([]);
    setter((e.target as HTMLInputElement | HTMLSelectElement).value);
  };
  return (
    <section aria-labelledby="h-alerts">
      <h2 id="h-alerts">Alerts</h2>
      <form class="filters" onSubmit={(e) => e.preventDefault()}>
        <FilterChoice label="State" id="filter-state" value={state} onChange={set(setState)} options={STATE_FILTERS.map((v) => [v, word(STATE_WORDS, v)])} />
        <FilterChoice
          label="Severity"
          id="filter-severity"
          value={severity}
          onChange={set(setSeverity)}
          options={SEVERITIES.map((v) => [v, word(SEVERITY_WORDS, v)])}
        />
        <FilterChoice
          label="Scan target"
          id="filter-scan-target"
          value={scanTarget}
          onChange={set(setScanTarget)}
          options={choices.data?.scanTargets.nodes.map((st) => [st.id, st.name]) ?? []}
        />
        <FilterChoice label="Compliance" id="filter-compliance" value={compliance} onChange={set(setCompliance)} options={compliances.map((c) => [c, c])} />
        <label>
          Rule <input id="filter-rule" value={rule} onChange={set(setRule)} />
        </label>
        <label>
          Text <input id="filter-search" type="search" value={search} onChange={set(setSearch)} />
        </label>
      </form>
      <table class="alerts">
        <caption>Newest first</caption>
        <thead>
          <tr>
            <th scope="col">Severity</th>
            <th scope="col">State</th>
            <th scope="col">Rule</th>
            <th scope="col">Resource</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {data?.alerts.nodes.map((a) => (
            <tr key={a.id}>
              <td>{word(SEVERITY_WORDS, a.severity)}</td>
              <td>{word(STATE_WORDS, a.state)}</td>
              <td>
                <a href={`#alert/${a.id}`}>{a.ruleTitle ?? a.rule}</a>
              </td>
              <td class="wrap">{a.resource}</td>
              <td>{date(a.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager after={after} setAfter={setAfter} pageInfo={data?.alerts.pageInfo} />
    </section>
  );
}

function AlertView({ id, org, adminOf }: { id: string; org: string; adminOf: string[] }) {
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

const FOLLOWED_COLUMNS = [
  ['GRADE', 'Grade'],
  ['OVERDUE', 'Overdue'],
  ['TREND_DELTA', 'Change in 30 days'],
  ['OPEN', 'Open'],
] as const;

function FollowingView({ org }: { org: string }) {
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

function FollowedAlertsView({ org, followed }: { org: string; followed: string }) {
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
      <table class="alerts">
        <caption>Newest first</caption>
        <thead>
          <tr>
            <th scope="col">Severity</th>
            <th scope="col">State</th>
            <th scope="col">Rule</th>
            <th scope="col">Resource</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {data?.followingAlerts.nodes.map((a) => (
            <tr key={a.id}>
              <td>{word(SEVERITY_WORDS, a.severity)}</td>
              <td>{word(STATE_WORDS, a.state)}</td>
              <td>{a.ruleTitle ?? a.rule}</td>
              <td class="wrap">{a.resource === '[censored]' ? 'Censored' : a.resource}</td>
              <td>{date(a.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager after={after} setAfter={setAfter} pageInfo={data?.followingAlerts.pageInfo} />
    </section>
  );
}

/** A scan target's failed scans among its last 100, newest first as the API lists them, with the scanner's error. */
function FailedScans({ org, target, name }: { org: string; target: string; name: string }) {
  const { data, error } = useQuery(TargetScans, { variables: { org, target } });
  if (error) return <p role="alert">{error.message}</p>;
  const failed = data?.scans.nodes.filter((scan) => scan.status === 'FAILED') ?? [];
  return (
    <li>
      <h4>{name}</h4>
      <ul>
        {failed.map((scan) => (
          <li key={scan.id}>
            <time dateTime={scan.finishedAt ?? scan.createdAt}>{dateTime(scan.finishedAt ?? scan.createdAt)}</time>:{' '}
            <span class="wrap">{scan.error ?? 'no reason given'}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

function ScanTargetsView({ org }: { org: string }) {
  const { data, error, refetch } = useQuery(Freshness, { variables: { org } });
  useSubscription(PostureLive, { variables: { org }, onData: () => void refetch() });
  if (error) return <p role="alert">{error.message}</p>;
  const rows = data?.posture?.scanFreshness?.nodes;
  if (!rows) return <p>Loading…</p>;
  const failing = rows.filter((r) => r.failedScans > 0);
  return (
    <section aria-labelledby="h-scantargets">
      <h2 id="h-scantargets">Scan targets</h2>
      <table class="freshness">
        <caption>How fresh each target's findings are</caption>
        <thead>
          <tr>
            <th scope="col">Scan target</th>
            <th scope="col">Last good scan</th>
            <th scope="col">Latest scan</th>
            <th scope="col">Failed in 30 days</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.scanTarget.id}>
              <td class="wrap">{r.scanTarget.name}</td>
              <td>{r.neverScanned ? 'Never' : date(r.lastSuccessfulScanAt)}</td>
              <td>{r.lastScanStatus ? word(SCAN_WORDS, r.lastScanStatus) : 'None yet'}</td>
              <td>{r.failedScans}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 id="h-failed">Failed scans</h3>
      {failing.length === 0 ? (
        <p>No scan failed in the last 30 days.</p>
      ) : (
        <ul class="failed" aria-labelledby="h-failed">
          {failing.map((r) => (
            <FailedScans key={r.scanTarget.id} org={org} target={r.scanTarget.id} name={r.scanTarget.name} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** The views the header links to, in its order: [hash route, name]. */
const VIEW_LINKS = [
  ['overview', 'Overview'],
  ['alerts', 'Alerts'],
  ['scantargets', 'Scan targets'],
  ['following', 'Followed'],
  ['assessments', 'Assessments'],
  ['risks', 'Risk acceptances'],
] as const;

function Console({ onSignOut }: { onSignOut: () => void }) {
  const route = useRoute();
  const { data, error } = useQuery(Me);
  const [org, setOrg] = useState<string | null>(null);
  const adminOf = useMemo(() => (data ? data.me.member.filter((m) => m.roles.includes('ADMIN')).map((m) => m.organizationId) : []), [data]);
  const mine = useMemo(() => (data ? data.organizations.nodes.filter((o) => data.me.member.some((m) => m.organizationId === o.id)) : []), [data]);
  useEffect(() => {
    if (!org && mine[0]) setOrg(mine[0].id);
  }, [mine, org]);
  if (error)
    return (
      <p role="alert">
        {error.message}{' '}
        <button type="button" onClick={onSignOut}>
          Change key
        </button>
      </p>
    );
  return (
    <>
      <header>
        <h1>Vigil</h1>
        <nav aria-label="Views">
          {VIEW_LINKS.map(([view, words]) => (
            <a key={view} href={`#${view}`} aria-current={route.view === view ? 'page' : undefined}>
              {words}
            </a>
          ))}
        </nav>
        <label>
          Organization{' '}
          <select value={org ?? ''} onChange={(e) => setOrg((e.target as HTMLSelectElement).value)}>
            {mine.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={onSignOut}>
          Change key
        </button>
      </header>
      {!org ? (
        <p>Loading…</p>
      ) : route.view === 'alerts' ? (
        <AlertsView org={org} />
      ) : route.view === 'scantargets' ? (
        <ScanTargetsView org={org} />
      ) : route.view === 'following' ? (
        <FollowingView org={org} />
      ) : route.view === 'assessments' ? (
        <AssessmentsView org={org} />
      ) : route.view === 'risks' ? (
        <RiskAcceptancesView org={org} />
      ) : route.view === 'followed' && route.id ? (
        <FollowedAlertsView org={org} followed={route.id} />
      ) : route.view === 'alert' && route.id ? (
        <AlertView id={route.id} org={org} adminOf={adminOf} />
      ) : (
        <OverviewView org={org} />
      )}
    </>
  );
}

function App() {
  const [key, setKey] = useState(() => sessionStorage.getItem(KEY));
  const client = useMemo(() => (key ? makeClient(key) : null), [key]);
  if (!key || !client) {
    return (
      <form
        class="key"
        onSubmit={(e) => {
          e.preventDefault();
          const value = new FormData(e.currentTarget as HTMLFormElement).get('key');
          if (typeof value === 'string' && value.trim()) {
            sessionStorage.setItem(KEY, value.trim());
            setKey(value.trim());
          }
        }}
      >
        <h1>Vigil console</h1>
        <label for="key">API key</label>
        <input id="key" name="key" type="password" autocomplete="off" required />
        <button type="submit">Open the console</button>
      </form>
    );
  }
  return (
    <ApolloProvider client={client}>
      <Console
        onSignOut={() => {
          sessionStorage.removeItem(KEY);
          setKey(null);
        }}
      />
    </ApolloProvider>
  );
}

const root = document.getElementById('app') as HTMLElement;
root.textContent = ''; // index.html's "Loading…" placeholder: Preact's render keeps a container's existing text
render(<App />, root);

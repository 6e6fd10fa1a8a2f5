import { useQuery, useSubscription } from '@apollo/client/react';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { graphql } from './gql';
import { PostureLive } from './live';
import { date, hours, SEVERITIES, SEVERITY_WORDS, word } from './words';

const Overview = graphql(`
  query ConsoleOverview($org: ID!, $from: String!) {
    posture(organizationId: $org) {
      ...PostureFields
      trend(input: { from: $from }) { from to openDelta days { date open { total critical high } } }
      timeToResolve(input: { from: $from }) { severity resolved medianHours p90Hours }
    }
  }
`);

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

export function OverviewView({ org }: { org: string }) {
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

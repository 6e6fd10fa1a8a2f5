import { useQuery, useSubscription } from '@apollo/client/react';
import { useMemo, useState } from 'preact/hooks';
import { AlertTable } from './alert-table';
import { graphql } from './gql';
import type { AlertSeverity, AlertStateFilter } from './gql/graphql';
import { AlertLive } from './live';
import { Pager } from './pager';
import { SEVERITIES, SEVERITY_WORDS, STATE_FILTERS, STATE_WORDS, word } from './words';

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

export function AlertsView({ org }: { org: string }) {
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
      <AlertTable alerts={data?.alerts.nodes} view="member" />
      <Pager after={after} setAfter={setAfter} pageInfo={data?.alerts.pageInfo} />
    </section>
  );
}

// Vigil's live dashboard: Preact + htm (no build step), Chart.js, graphql-ws; every asset is served
// by Vigil under /dashboard. The API key stays in this tab's sessionStorage, never in a URL.
import { createClient } from 'graphql-ws';
import htm from 'htm';
import { h, render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';

const html = htm.bind(h);
const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'];
const STATES = ['OPEN', 'IN_PROGRESS', 'RISK_ACCEPTED', 'MITIGATING_CONTROL', 'FALSE_POSITIVE', 'CLOSED'];
const COLORS = ['#b00020', '#d9480f', '#b7791f', '#2b6cb0', '#718096', '#1f8a4c'];
const KEY = 'vigilApiKey';

async function graphql(key, query, variables = {}) {
  const answer = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = await answer.json();
  if (body.errors?.length) throw new Error(body.errors[0].message);
  return body.data;
}

const OVERVIEW = `query($org: ID!) {
  summary: alertSummary(organizationId: $org) { total open severities { CRITICAL HIGH MEDIUM LOW INFO } states { OPEN IN_PROGRESS RISK_ACCEPTED MITIGATING_CONTROL FALSE_POSITIVE CLOSED } }
  daily: dailyOpenAlerts(organizationId: $org, days: 14) { date total }
  newest: alerts(organizationId: $org, order: CREATED_AT, sort: DESC, first: 10) { nodes { id rule ruleTitle resource severity state createdAt } }
  following(organizationId: $org, first: 1000) { nodes { id followingId name } }
  followed: followingScanTargetSummaries(organizationId: $org) { data { organizationId open severities { CRITICAL HIGH MEDIUM LOW INFO } } }
}`;

const ALERT_CHANGED = `subscription($org: ID!, $after: String) {
  alertChanged(organizationId: $org, after: $after) { cursor event alert { id rule resource severity state } }
}`;

/** A Chart.js chart on a canvas, redrawn when its data changes. */
function Chart({ type, labels, values, colors, label }) {
  const canvas = useRef(null);
  const chart = useRef(null);
  useEffect(() => {
    const data = { labels, datasets: [{ label, data: values, backgroundColor: colors ?? '#2b6cb0', borderColor: colors ? undefined : '#2b6cb0' }] };
    if (!chart.current) {
      chart.current = new window.Chart(canvas.current, {
        type,
        data,
        options: { animation: false, maintainAspectRatio: false, plugins: { legend: { display: type === 'doughnut' } } },
      });
    } else {
      chart.current.data = data;
      chart.current.update();
    }
  }, [JSON.stringify(values), JSON.stringify(labels)]);
  useEffect(() => () => chart.current?.destroy(), []);
  // Chart.js sizes a responsive chart from its own container: a box of fixed height, the card's width.
  return html`<div class="chart"><canvas ref=${canvas}></canvas></div>`;
}

function KeyForm({ onKey }) {
  const [value, setValue] = useState('');
  return html`<form class="key" onSubmit=${(e) => {
    e.preventDefault();
    if (value.trim()) onKey(value.trim());
  }}>
    <h2>Vigil dashboard</h2>
    <label>API key <input id="api-key" type="password" autocomplete="off" value=${value} onInput=${(e) => setValue(e.target.value)} placeholder="vgl_…" /></label>
    <button id="connect" type="submit">Connect</button>
    <small>The key is kept in this browser tab only.</small>
  </form>`;
}

/** The live feed: alertChanged over graphql-ws, resumed with the last cursor after a dropped connection. */
function useLiveFeed(key, org, onChange) {
  const [feed, setFeed] = useState([]);
  const [status, setStatus] = useState('connecting');
  useEffect(() => {
    if (!org) return undefined;
    let cursor = null;
    let closed = false;
    let client = null;
    let retry = null;
    const connect = () => {
      const current = createClient({
        url: `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`,
        connectionParams: { authorization: `Bearer ${key}` },
        retryAttempts: 0,
        lazy: false,
        onNonLazyError: () => undefined,
      });
      client = current;
      current.on('connected', () => setStatus('live'));
      // The socket's close, the stream's error and its completion can all report one drop: reconnect once.
      let dropped = false;
      const again = () => {
        if (closed || dropped) return;
        dropped = true;
        setStatus('reconnecting');
        current.dispose();
        retry = setTimeout(connect, 1000);
      };
      current.on('closed', again);
      current.subscribe(
        { query: ALERT_CHANGED, variables: { org, after: cursor } },
        {
          next: ({ data }) => {
            if (!data) return;
            cursor = data.alertChanged.cursor;
            setFeed((items) => [{ ...data.alertChanged, at: new Date().toLocaleTimeString() }, ...items].slice(0, 50));
            onChange();
          },
          error: again,
          complete: again,
        },
      );
    };
    connect();
    // For people and tests: drop the connection as a network would; the feed resumes from its cursor.
    window.vigilDashboard = { drop: () => client?.dispose(), cursor: () => cursor };
    return () => {
      closed = true;
      clearTimeout(retry);
      client?.dispose();
    };
  }, [key, org]);
  return { feed, status };
}

function Dashboard({ keyValue, onLogout }) {
  const [orgs, setOrgs] = useState(null);
  const [org, setOrg] = useState(null);
  const [data, setData] = useState(null);
  const [error, setError] = useState(null);
  const [version, setVersion] = useState(0);
  const refresh = useRef(null);
  useEffect(() => {
    graphql(keyValue, '{ me { email member { organizationId } } organizations(first: 1000) { nodes { id name } } }')
      .then((d) => {
        const mine = d.organizations.nodes.filter((o) => d.me.member.some((m) => m.organizationId === o.id));
        setOrgs(mine);
        setOrg(mine[0]?.id ?? null);
      })
      .catch((e) => setError(e.message));
  }, [keyValue]);
  useEffect(() => {
    if (!org) return;
    graphql(keyValue, OVERVIEW, { org }).then(setData, (e) => setError(e.message));
  }, [org, version]);
  // Changes arrive in bursts (a scan): the overview is read again at most every half second.
  const { feed, status } = useLiveFeed(keyValue, org, () => {
    clearTimeout(refresh.current);
    refresh.current = setTimeout(() => setVersion((v) => v + 1), 500);
  });
  if (error) return html`<p class="error" id="error">${error} <button onClick=${onLogout}>Use another key</button></p>`;
  if (!orgs) return html`<p>Loading…</p>`;
  const followedNames = Object.fromEntries((data?.following.nodes ?? []).map((f) => [f.followingId, f.name]));
  const followed = {};
  for (const row of data?.followed.data ?? []) followed[row.organizationId] = (followed[row.organizationId] ?? 0) + row.open;
  return html`
    <header>
      <h1>Vigil</h1>
      <select id="organization" value=${org} onChange=${(e) => setOrg(e.target.value)}>
        ${orgs.map((o) => html`<option value=${o.id}>${o.name}</option>`)}
      </select>
      <span id="live-status" class=${`status ${status}`}>${status}</span>
      <button onClick=${onLogout}>Forget key</button>
    </header>
    ${
      data &&
      html`<div class="grid">
      <section><h2>Unresolved alerts</h2><div class="big" id="open-count">${data.summary.open}</div><small>every state but CLOSED · ${data.summary.total} in all</small></section>
      <section><h2>Unresolved alerts by severity</h2><${Chart} type="bar" label="unresolved" labels=${SEVERITIES} values=${SEVERITIES.map((s) => data.summary.severities[s])} colors=${COLORS} /></section>
      <section><h2>Alerts by state</h2><${Chart} type="doughnut" label="alerts" labels=${STATES} values=${STATES.map((s) => data.summary.states[s])} colors=${COLORS} />
        <table id="state-counts">${STATES.map((s) => html`<tr><td>${s}</td><td data-state=${s}>${data.summary.states[s]}</td></tr>`)}</table></section>
      <section><h2>Unresolved alerts, last 14 days</h2><${Chart} type="line" label="unresolved" labels=${data.daily.map((d) => d.date.slice(5))} values=${data.daily.map((d) => d.total)} /></section>
      <section class="wide"><h2>Newest alerts</h2><table id="newest"><colgroup><col class="severity" /><col /><col class="state" /></colgroup>
        ${data.newest.nodes.map((a) => html`<tr data-alert=${a.id}><td class=${`sev ${a.severity}`}>${a.severity}</td><td title=${`${a.ruleTitle ?? a.rule}\n${a.resource}`}>${a.ruleTitle ?? a.rule}<small class="resource">${a.resource}</small></td><td>${a.state}</td></tr>`)}
      </table></section>
      <section><h2>Followed organizations (censored)</h2><table id="followed">
        ${data.following.nodes.map((f) => html`<tr><td>${followedNames[f.followingId]}</td><td>${followed[f.followingId] ?? 0} unresolved</td></tr>`)}
        ${data.following.nodes.length === 0 ? html`<tr><td>None followed</td></tr>` : null}
      </table></section>
      <section><h2>Live feed</h2><ul class="feed" id="feed">
        ${feed.map((item) => html`<li data-alert=${item.alert.id} data-state=${item.alert.state}>${item.at} · ${item.event} · <span class=${`sev ${item.alert.severity}`}>${item.alert.severity}</span> ${item.alert.rule} → ${item.alert.state}</li>`)}
        ${feed.length === 0 ? html`<li>Waiting for changes…</li>` : null}
      </ul></section>
    </div>`
    }`;
}

function App() {
  const [key, setKey] = useState(sessionStorage.getItem(KEY));
  if (!key)
    return html`<${KeyForm} onKey=${(k) => {
      sessionStorage.setItem(KEY, k);
      setKey(k);
    }} />`;
  return html`<${Dashboard} keyValue=${key} onLogout=${() => {
    sessionStorage.removeItem(KEY);
    setKey(null);
  }} />`;
}

const root = document.getElementById('app');
root.textContent = '';
render(html`<${App} />`, root);

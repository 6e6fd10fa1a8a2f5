import { ApolloProvider, useQuery } from '@apollo/client/react';
import { render } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import { AlertView } from './alert';
import { AlertsView } from './alerts';
import { AssessmentsView } from './assessments';
import { makeClient } from './client';
import { FollowedAlertsView, FollowingView } from './following';
import { OverviewView } from './overview';
import { RiskAcceptancesView } from './risk-acceptances';
import { ScanTargetsView } from './scan-targets';
import './style.css';
import { graphql } from './gql';

performance.mark('vigil:start');
const KEY = 'vigilApiKey';

const Me = graphql(`
  query ConsoleMe {
    me { email member { organizationId roles } }
    organizations(first: 1000) { nodes { id name } }
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

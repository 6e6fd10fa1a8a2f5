import { useQuery, useSubscription } from '@apollo/client/react';
import { graphql } from './gql';
import { PostureLive } from './live';
import { date, dateTime, SCAN_WORDS, word } from './words';

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

export function ScanTargetsView({ org }: { org: string }) {
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

import { date, SEVERITY_WORDS, STATE_WORDS, word } from './words';

type Row = { id: string; rule: string; ruleTitle?: string | null; resource: string; severity: string; state: string; createdAt: string };

/**
 * A page of alerts, newest first: a member's rows open the alert's page; a follower's are censored copies, so the
 * rule is not a link (their page is the member's) and the hidden resource reads "Censored".
 */
export function AlertTable({ alerts, view }: { alerts?: readonly Row[]; view: 'member' | 'follower' }) {
  return (
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
        {alerts?.map((a) => (
          <tr key={a.id}>
            <td>{word(SEVERITY_WORDS, a.severity)}</td>
            <td>{word(STATE_WORDS, a.state)}</td>
            <td>{view === 'member' ? <a href={`#alert/${a.id}`}>{a.ruleTitle ?? a.rule}</a> : (a.ruleTitle ?? a.rule)}</td>
            <td class="wrap">{view === 'follower' && a.resource === '[censored]' ? 'Censored' : a.resource}</td>
            <td>{date(a.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

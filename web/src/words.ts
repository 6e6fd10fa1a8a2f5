/** Words a person reads for the API's enum values. */
export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'] as const;
export const SEVERITY_WORDS: Record<string, string> = { CRITICAL: 'Critical', HIGH: 'High', MEDIUM: 'Medium', LOW: 'Low', INFO: 'Info' };
/** The states the alert list filters on (AlertStateFilter); ACTIVE is every state but Closed. */
export const STATE_FILTERS = ['ACTIVE', 'OPEN', 'IN_PROGRESS', 'RISK_ACCEPTED', 'MITIGATING_CONTROL', 'FALSE_POSITIVE', 'CLOSED'] as const;
export const STATE_WORDS: Record<string, string> = {
  ACTIVE: 'Not closed',
  OPEN: 'Open',
  IN_PROGRESS: 'In progress',
  RISK_ACCEPTED: 'Risk accepted',
  MITIGATING_CONTROL: 'Mitigating control',
  FALSE_POSITIVE: 'False positive',
  CLOSED: 'Closed',
};
export const word = (table: Record<string, string>, value: string) => table[value] ?? value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ');
export const date = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleDateString('en-GB', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }) : '—';
export const hours = (h: number | null | undefined) => (h == null ? '—' : h < 48 ? `${Math.round(h)} h` : `${Math.round(h / 24)} days`);
/** The states a person may move an alert to (AlertState but CLOSED, which only a scan sets). */
export const MOVABLE_STATES = ['OPEN', 'IN_PROGRESS', 'RISK_ACCEPTED', 'MITIGATING_CONTROL', 'FALSE_POSITIVE'] as const;
/** What a history record's change was (AlertOperation). */
export const HISTORY_WORDS: Record<string, string> = { CREATE: 'Found', UPDATE: 'Changed', CLOSE: 'Closed by a scan', REOPEN: 'Found again' };
export const dateTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-GB', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;
/** A refused change in words: the API's extensions.code decides the sentence, its message follows. */
export function refusal(error: { message: string; errors?: readonly { message: string; extensions?: Record<string, unknown> }[] }): string {
  const first = error.errors?.[0];
  const code = first?.extensions?.code;
  const why = first?.message ?? error.message;
  if (code === 'FORBIDDEN') return `This key may not make that change: ${why}`;
  if (code === 'BAD_USER_INPUT') return `That change was not accepted: ${why}`;
  return `The change did not go through: ${why}`;
}
/** A scan's status (ScanStatus). */
export const SCAN_WORDS: Record<string, string> = { QUEUED: 'Waiting', RUNNING: 'Running', DONE: 'Done', FAILED: 'Failed' };
/** Where an assessment stands (AssessmentStatus), as the side reading it says it. */
export const ASSESSMENT_STATUS_WORDS: Record<string, string> = {
  NEW: 'Being answered',
  REQUESTED_REVIEW: 'Answers sent for review',
  REQUESTED_CLARIFICATION: 'Clarification asked',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};
/** A span of whole days as a person says it: days up to 60, then months up to two years, then years. */
function span(days: number): string {
  const [n, unit] = days <= 60 ? [days, 'day'] : days < 730 ? [Math.round(days / 30.44), 'month'] : [Math.round(days / 365.25), 'year'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
/** A due date with how far it is from today (UTC): "1 Dec 2026, in 3 days", "…, 2 days late", "…, in 72 years". */
export function due(iso: string, overdue: boolean, now = Date.now()): string {
  const days = Math.round((Date.parse(iso) - now) / 86_400_000);
  const when = overdue ? `${span(Math.max(1, -days))} late` : days > 0 ? `in ${span(days)}` : days < 0 ? `${span(-days)} ago` : 'today';
  return `${date(iso)}, ${when}`;
}

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

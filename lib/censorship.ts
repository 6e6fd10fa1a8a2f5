/**
 * Follower censorship: the one policy for what a following organization may see of another
 * organization's alerts. GraphQL, REST, subscriptions, events and exports all go through it.
 *
 * Sensitive (hidden from followers): `resource` (names the affected asset), `metadata` (account
 * ids, ARNs, hostnames), `enrichment` (raw scanner evidence), and alert comments (never listed to
 * followers). Everything else (rule, severity, state, dates, tags, labels, compliances) stays.
 *
 * Scan targets are not shown to followers (Alert.scanTarget is null for them); where a follower reads
 * counts per scan target (following summaries) the target keeps its id and kind, but its `name` and
 * `tags` (free text that often names the account) are censored.
 */
export const CENSORED = '[censored]';

export const CENSORED_ALERT_FIELDS = ['resource', 'metadata', 'enrichment'] as const;

export function censorAlertForFollower<T extends { resource?: unknown; metadata?: unknown; enrichment?: unknown }>(alert: T): T {
  return { ...alert, resource: CENSORED, metadata: {}, enrichment: {} };
}

export function censorScanTargetForFollower<T extends { name?: unknown; tags?: unknown }>(summary: T): T {
  return { ...summary, name: CENSORED, tags: [] };
}

/** SQL expressions for the censored columns, for set-based statements that build follower copies. */
export const CENSORED_SQL = { resource: `'${CENSORED}'`, metadata: `'{}'::jsonb`, enrichment: `'{}'::jsonb` } as const;

/** A follower's copy of an alert's JSON (SQL expression `data`): the censored fields merged over it. */
export const censoredAlertJsonSql = (data: string) =>
  `${data} || jsonb_build_object('resource', ${CENSORED_SQL.resource}, 'metadata', ${CENSORED_SQL.metadata}, 'enrichment', ${CENSORED_SQL.enrichment})`;

import type pg from 'pg';
import type { CommentRow } from './comments';

/** How an alert came to be risk accepted: the record that began its current run of RISK_ACCEPTED, and its author's newest comment. */
export interface RiskAcceptanceRow {
  alertId: string;
  userId: string | null;
  acceptedAt: Date;
  reason: CommentRow | null;
}

/**
 * The risk acceptance of each of `alertIds` (those whose last history record is RISK_ACCEPTED), in one statement for a
 * page of alerts: the console's risk-acceptances view read up to 25 × 2 lists of 1,000 records (history and comments,
 * one query per card) to find the same three facts. The start of the last run is the newest record in that state
 * whose previous record (by seq) was not; the reason is that author's newest comment on the alert, with the author's
 * name as the comment list shows it.
 */
export async function riskAcceptances(pool: pg.Pool, alertIds: readonly string[]): Promise<Map<string, RiskAcceptanceRow>> {
  const { rows } = await pool.query<RiskAcceptanceRow>(
    `WITH records AS (
       SELECT h."alertId", h.seq, h.state, h."userId", h."createdAt",
              lag(h.state) OVER (PARTITION BY h."alertId" ORDER BY h.seq) AS previous,
              last_value(h.state) OVER (PARTITION BY h."alertId" ORDER BY h.seq ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS latest
         FROM alerts.alert_history h
        WHERE h."alertId" = ANY($1::uuid[])
     ), accepted AS (
       SELECT DISTINCT ON ("alertId") "alertId", "userId", "createdAt" AS "acceptedAt"
         FROM records
        WHERE latest = 'RISK_ACCEPTED' AND state = 'RISK_ACCEPTED' AND previous IS DISTINCT FROM 'RISK_ACCEPTED'
        ORDER BY "alertId", seq DESC
     )
     SELECT a."alertId", a."userId", a."acceptedAt",
            (SELECT json_build_object('id', c.id, 'organizationId', c."organizationId", 'alertId', c."alertId", 'userId', c."userId",
                      'comment', c.comment, 'mimeType', c."mimeType", 'createdAt', c."createdAt", 'userName', u.name,
                      'userPicture', u.picture, 'notMember', m."userId" IS NULL)
               FROM alerts.alert_comments c
               LEFT JOIN organizations.user_profiles u ON u.id = c."userId"
               LEFT JOIN organizations.member_ids m ON m."organizationId" = c."organizationId" AND m."userId" = c."userId"
              WHERE c."alertId" = a."alertId" AND c."userId" = a."userId"
              ORDER BY c."createdAt" DESC, c.id DESC LIMIT 1) AS reason
       FROM accepted a`,
    [alertIds],
  );
  return new Map(rows.map((row) => [row.alertId, { ...row, reason: row.reason && { ...row.reason, createdAt: new Date(row.reason.createdAt) } }]));
}

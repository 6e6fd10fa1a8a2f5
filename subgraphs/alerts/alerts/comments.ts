import type pg from 'pg';

/** An alert's comments: the stored row (written by updates.ts) and the list. */

/** A comment as stored. */
export interface NewCommentRow {
  id: string;
  organizationId: string;
  alertId: string;
  userId: string;
  comment: string;
  mimeType: string;
  createdAt: Date;
}

/** A comment as the list shows it: the stored comment plus who wrote it. */
export interface CommentRow extends NewCommentRow {
  userName: string | null;
  userPicture: string | null;
  notMember: boolean;
}

/**
 * An alert's comments, oldest first, with the author's name and picture and whether they left the
 * organization (read contracts of the organizations subgraph, subgraphs/read-contracts.ts): `size` of them from position `offset` (0 = the first), and how many there are.
 */
export async function listComments(pool: pg.Pool, options: { alertId: string; offset: number; size: number }): Promise<{ data: CommentRow[]; total: number }> {
  const [page, count] = await Promise.all([
    pool.query<CommentRow>(
      `SELECT c.id, c."organizationId", c."alertId", c."userId", c.comment, c."mimeType", c."createdAt",
              u.name AS "userName", u.picture AS "userPicture", (m."userId" IS NULL) AS "notMember"
         FROM alerts.alert_comments c
         LEFT JOIN organizations.user_profiles u ON u.id = c."userId"
         LEFT JOIN organizations.member_ids m ON m."organizationId" = c."organizationId" AND m."userId" = c."userId"
        WHERE c."alertId" = $1 ORDER BY c."createdAt", c.id LIMIT $2 OFFSET $3`,
      [options.alertId, options.size, options.offset],
    ),
    pool.query<{ total: number }>(`SELECT count(*)::int AS total FROM alerts.alert_comments WHERE "alertId" = $1`, [options.alertId]),
  ]);
  return { data: page.rows, total: count.rows[0].total };
}

import type { Account, TestVigil } from './vigil';

/**
 * A user (with an organization of its own, from bootstrap) who joins `organizationId` through the
 * REST invite flow: the admin invites, the user accepts.
 */
export async function joinAsMember(t: TestVigil, admin: Account, organizationId: string, email: string, roles: string[] = []): Promise<Account> {
  const user = await t.bootstrap(email, `${email} own org`);
  const invite = await t.rest('POST', `/organizations/${organizationId}/invites`, { key: admin.apiKey, body: { email, roles } });
  if (invite.status !== 200) throw new Error(`invite failed: ${JSON.stringify(invite.body)}`);
  const accepted = await t.rest('POST', `/me/invites/${invite.body.token}/accept`, { key: user.apiKey });
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
  return user;
}

/** The followed organization's admin asks, the follower organization's admin accepts. */
export async function follow(t: TestVigil, followed: Account, follower: Account, tags?: string[]): Promise<void> {
  const asked = await t.rest('POST', `/organizations/${followed.organizationId}/followers/requests`, {
    key: followed.apiKey,
    body: { token: follower.organizationId },
  });
  if (asked.status !== 200) throw new Error(`follower request failed: ${JSON.stringify(asked.body)}`);
  const accepted = await t.rest('POST', `/organizations/${follower.organizationId}/following/requests/${followed.organizationId}/accept`, {
    key: follower.apiKey,
    ...(tags ? { body: { tags } } : {}),
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${JSON.stringify(accepted.body)}`);
}

/** Names of the events in an organization's log, oldest first (read from the database, so deleted organizations work too). */
export async function eventNames(t: TestVigil, organizationId: string): Promise<string[]> {
  const { rows } = await t.vigil.db.pool.query<{ name: string }>(`SELECT name FROM documents.events WHERE "organizationId" = $1 ORDER BY seq`, [
    organizationId,
  ]);
  return rows.map((r) => r.name);
}

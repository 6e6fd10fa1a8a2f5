import DataLoader from 'dataloader';
import type { Database } from '../../lib/db';

export type OrganizationRow = { id: string; name: string; picture: string | null; email: string | null; createdAt: Date; updatedAt: Date };

/** Per-request batching of entity lookups (one query per kind per tick). */
export function createLoaders(db: Database) {
  return {
    organization: new DataLoader<string, OrganizationRow | null>(async (ids) => {
      const rows = await db.prisma.organization.findMany({ where: { id: { in: [...ids] }, deletedAt: null } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    user: new DataLoader(async (ids: readonly string[]) => {
      const rows = await db.prisma.user.findMany({ where: { id: { in: [...ids] } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
  };
}

export type OrganizationsLoaders = ReturnType<typeof createLoaders>;

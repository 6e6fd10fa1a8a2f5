import type { Database } from '../../lib/db';
import { loaderById } from '../../lib/loaders';

export type OrganizationRow = { id: string; name: string; picture: string | null; email: string | null; createdAt: Date; updatedAt: Date };

/** Per-request batching of entity lookups (one query per kind per tick). */
export function createLoaders(db: Database) {
  return {
    organization: loaderById<OrganizationRow>((ids) => db.prisma.organization.findMany({ where: { id: { in: ids }, deletedAt: null } })),
    user: loaderById((ids) => db.prisma.user.findMany({ where: { id: { in: ids } } })),
  };
}

export type OrganizationsLoaders = ReturnType<typeof createLoaders>;

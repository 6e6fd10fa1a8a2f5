import { defineConfig } from 'prisma/config';

// Prisma 7 keeps the connection URL out of schema.prisma. Only the CLI reads this file;
// the service builds its own connection (lib/db.ts).
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://root@127.0.0.1:5432/postgres' },
});

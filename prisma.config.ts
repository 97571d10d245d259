import { defineConfig } from 'prisma/config';

// DATABASE_URL is read directly (not with env()) so that `prisma generate` works without it.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? '' },
});

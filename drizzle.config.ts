import { defineConfig } from 'drizzle-kit';

/** `npx drizzle-kit generate` writes the committed SQL migrations from the one schema module. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
  strict: true,
  verbose: true,
});

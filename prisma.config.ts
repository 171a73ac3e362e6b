import { defineConfig } from "prisma/config";

// The app never uses Prisma's migrate engine (it cannot be downloaded offline): migrations are
// SQL files in Prisma's layout applied by lib/db/migrate.ts. This file only locates the schema.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});

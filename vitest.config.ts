import path from "node:path";
import { defineConfig } from "vitest/config";

// Each test file gets its own database (see test/setup-db.ts): by default an in-memory PGlite loaded
// from a dump of a migrated one, or a copy of a migrated template database on PostgreSQL when
// TEST_DATABASE_URL is set.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-db.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

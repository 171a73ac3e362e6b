import path from "node:path";
import { defineConfig } from "vitest/config";

// Files that replace a module for themselves (vi.mock) or count what a module keeps for the whole
// process (the prepared statements' names): they run in a process of their own. Every other file
// shares its worker's process with the files before it (`isolate: false`): the module graph is
// imported once per worker instead of once per file, which halves the suite's time on two cores
// (CONTRIBUTING.md, "Test tiers"). What a file could leave behind for the next is reset by
// test/setup-db.ts: its database is its own, the environment is put back, timers and stubs undone.
const ISOLATED = [
  "app/v1/auth/auth.test.ts",
  "lib/jobs/worker.test.ts",
  "test/stripe-recovery.test.ts",
  "lib/db/statement-names.test.ts",
];

// Each test file gets its own database (see test/setup-db.ts): by default an in-memory PGlite loaded
// from a dump of a migrated one, or a copy of a migrated template database on PostgreSQL when
// TEST_DATABASE_URL is set.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-db.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "shared",
          include: ["lib/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.ts", "test/**/*.test.ts"],
          exclude: ISOLATED,
          isolate: false,
        },
      },
      { extends: true, test: { name: "isolated", include: ISOLATED, isolate: true } },
    ],
  },
});

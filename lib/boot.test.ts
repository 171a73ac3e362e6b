import { describe, expect, it } from "vitest";
import { shouldSeedDemo } from "./boot";

const embedded = { kind: "pglite", dataDir: "/tmp/data" } as const;
const postgres = {
  kind: "postgres",
  url: "postgresql://db/app",
  poolSize: 10,
  preparedStatements: true,
} as const;

describe("shouldSeedDemo", () => {
  it("seeds the embedded database by default, never PostgreSQL unless SEED_DEMO=true", () => {
    expect(shouldSeedDemo(embedded, {})).toBe(true);
    expect(shouldSeedDemo(postgres, {})).toBe(false);
    expect(shouldSeedDemo(postgres, { SEED_DEMO: "true" })).toBe(true);
    expect(shouldSeedDemo(embedded, { SEED_DEMO: "false" })).toBe(false);
    expect(shouldSeedDemo(postgres, { SEED_DEMO: "false" })).toBe(false);
  });
});

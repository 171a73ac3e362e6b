// The project's vitest configuration, with each test file's coverage written out (see embedded.ts).
import { defineConfig, mergeConfig } from "vitest/config";
import base from "../../vitest.config";

export default mergeConfig(
  base,
  defineConfig({ test: { setupFiles: ["scripts/test-subset/take-coverage.ts"] } }),
);

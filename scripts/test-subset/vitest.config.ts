// The project's vitest configuration, with the functions each test runs written out (see embedded.ts).
import { defineConfig, mergeConfig } from "vitest/config";
import base from "../../vitest.config";

export default mergeConfig(
  base,
  defineConfig({ test: { setupFiles: ["scripts/test-subset/take-test-coverage.ts"] } }),
);

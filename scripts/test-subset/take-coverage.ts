// Writes this test file's V8 coverage (NODE_V8_COVERAGE) when the file ends: vitest stops its
// worker processes without the normal exit that would write it.
import v8 from "node:v8";
import { afterAll } from "vitest";

afterAll(() => {
  v8.takeCoverage();
});

// Records which functions each test runs (see embedded.ts): V8's precise coverage, taken through
// the inspector of the test's own process after every test (taking it resets the counters, so each
// take holds what ran since the one before). What runs before a file's first test (its imports and
// top-level hooks) is the file's: it runs whenever any of its tests does. What runs between two
// tests (a describe's own hooks) is the next test's. One JSON line per take, appended to
// `$TEST_COVERAGE_OUT/<pid>.jsonl`: { file, test (its full name; null: the file's), functions }.
// The times come from vitest's JSON report of the same run.
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

type ScriptCoverage = {
  url: string;
  functions: { functionName: string; ranges: { count: number }[] }[];
};

const out = process.env.TEST_COVERAGE_OUT;
if (!out) throw new Error("TEST_COVERAGE_OUT names the folder the per-test coverage goes to");
const root = path.resolve(import.meta.dirname, "../..");

type State = { session: inspector.Session; started: Promise<void> };
const state: State = ((globalThis as { __testCoverage?: State }).__testCoverage ??= (() => {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<void>((resolve, reject) =>
      session.post(method, params ?? {}, (error) => (error ? reject(error) : resolve())),
    );
  const started = post("Profiler.enable").then(() =>
    post("Profiler.startPreciseCoverage", { callCount: true, detailed: false }),
  );
  return { session, started };
})());

/** The functions of lib/ that ran since the last take (named ones: what embedded.ts compares). */
async function take(): Promise<string[]> {
  await state.started;
  const result = await new Promise<{ result: ScriptCoverage[] }>((resolve, reject) =>
    state.session.post("Profiler.takePreciseCoverage", (error, value) =>
      error ? reject(error) : resolve(value as { result: ScriptCoverage[] }),
    ),
  );
  const ran: string[] = [];
  for (const script of result.result) {
    const file = path.relative(root, script.url.replace(/^file:\/\//, "").replace(/\?.*$/, ""));
    if (!file.startsWith("lib/") || file.startsWith("lib/generated/") || file.endsWith(".test.ts")) continue;
    for (const fn of script.functions) {
      if (fn.functionName && fn.ranges[0]?.count) ran.push(`${file}#${fn.functionName}`);
    }
  }
  return [...new Set(ran)];
}

let file = "";
let setup: string[] | null = null;
let carried: string[] = [];

function record(test: string | null, functions: string[]) {
  fs.appendFileSync(
    path.join(out!, `${process.pid}.jsonl`),
    `${JSON.stringify({ file, test, functions })}\n`,
  );
}

beforeAll(async () => {
  // What an earlier file of this process left running is not this file's.
  await take();
  setup = null;
});

beforeEach(async ({ task }) => {
  const functions = await take();
  if (setup === null) {
    file = path.relative(root, task.file.filepath);
    setup = functions;
    record(null, functions);
    carried = [];
  } else {
    carried = functions;
  }
});

afterEach(async ({ task }) => {
  record(fullName(task), [...new Set([...carried, ...(await take())])]);
});

afterAll(async () => {
  // A file's closing hooks run whenever it runs: the file's, like its setup.
  if (setup !== null) record(null, await take());
});

type Named = { name: string; suite?: Named };

/** The name vitest's --testNamePattern is matched against (its getTaskFullName): suites', then the test's. */
function fullName(task: Named): string {
  return `${task.suite ? `${fullName(task.suite)} ` : ""}${task.name}`;
}

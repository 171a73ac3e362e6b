// Chooses the tests CI runs on the embedded database (`npm run test:embedded`), by measurement:
// every function of lib/ that reaches the database and that the whole suite runs must be run by
// the subset too, at the least test time. Chosen test by test, not file by file: a file whose one
// test runs a statement nothing else does costs that test and the file's setup, not the whole file.
// Why a subset and how to re-measure: CONTRIBUTING.md.
//
//   1. TEST_DATABASE_URL=… TEST_COVERAGE_OUT=<dir> npx vitest run -c scripts/test-subset/vitest.config.ts \
//        --reporter=json --outputFile=<pg.json>     (the whole suite, with each test's functions)
//   2. npm run test:embedded -- --reporter=json --outputFile=<embedded.json>   (optional: the current
//        subset's embedded times and the tests that skip themselves there; without it, PostgreSQL
//        times stand in)
//   3. npx tsx scripts/test-subset/embedded.ts <dir> <pg.json> [<embedded.json>] > scripts/test-subset/embedded-tests.txt
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

// Files whose subject is the embedded database itself (its connection, folder lock, statement
// turns, migrations, the job worker on its one connection, boot, seed, secrets, backups and the
// races that a single connection serializes): always whole in the subset, whatever the coverage says.
const ALWAYS = [
  /^lib\/db\//,
  /^lib\/jobs\//,
  /^lib\/boot\.test\.ts$/,
  /^lib\/seed\//,
  /^lib\/secrets\//,
  /^test\/backups\.test\.ts$/,
  /^test\/boot-refusals\.test\.ts$/,
  /^test\/checkout-concurrency\.test\.ts$/,
  /^test\/confirm-recovery\.test\.ts$/,
  /^test\/demo-purchase\.test\.ts$/,
];

// A file of lib/ "reaches the database" when it runs a statement itself.
const STATEMENT =
  /\$queryRaw|\$executeRaw|Unsafe\(|\.query\(|\$transaction|\b(db|tx|client|database)\.[a-z][A-Za-z]*\.(find|create|update|upsert|delete|count|aggregate|groupBy)/;

/** A line of take-test-coverage.ts: the functions a test ran (test null: its file's setup). */
type Take = { file: string; test: string | null; functions: string[] };
type Report = {
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; duration?: number | null; status: string }[];
  }[];
};

const [coverageDir, pgReport, embeddedReport] = process.argv.slice(2);
if (!coverageDir || !pgReport) {
  console.error("usage: tsx scripts/test-subset/embedded.ts <coverage dir> <pg.json> [<embedded.json>]");
  process.exit(2);
}

const isDatabaseFile = (() => {
  const cache = new Map<string, boolean>();
  return (file: string) => {
    if (!cache.has(file)) {
      const text = fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), "utf8") : "";
      cache.set(file, STATEMENT.test(text));
    }
    return cache.get(file)!;
  };
})();

// What each file's setup and each of its tests run, of the functions that issue statements.
type FileCoverage = { setup: Set<string>; tests: Map<string, Set<string>> };
const coverage = new Map<string, FileCoverage>();
for (const name of fs.readdirSync(coverageDir)) {
  for (const line of fs.readFileSync(path.join(coverageDir, name), "utf8").split("\n")) {
    if (!line.trim()) continue;
    const take = JSON.parse(line) as Take;
    const entry = coverage.get(take.file) ?? { setup: new Set(), tests: new Map() };
    coverage.set(take.file, entry);
    const target = take.test === null ? entry.setup : (entry.tests.get(take.test) ?? new Set<string>());
    if (take.test !== null) entry.tests.set(take.test, target);
    for (const fn of take.functions) if (isDatabaseFile(fn.split("#")[0]!)) target.add(fn);
  }
}

/** Seconds of each test that ran, per file, and the tests that did not, from a vitest JSON report. */
function times(report: string) {
  const files = new Map<string, { tests: Map<string, number>; skipped: Set<string> }>();
  for (const result of (JSON.parse(fs.readFileSync(report, "utf8")) as Report).testResults) {
    const tests = new Map<string, number>();
    const skipped = new Set<string>();
    for (const test of result.assertionResults) {
      if (test.status === "passed") tests.set(test.fullName, (test.duration ?? 0) / 1000);
      else skipped.add(test.fullName);
    }
    files.set(path.relative(root, result.name), { tests, skipped });
  }
  return files;
}
const pg = times(pgReport);
const embedded = embeddedReport ? times(embeddedReport) : new Map<string, never>();

// The files the embedded run ran whole (the current list): a test skipped there skipped itself.
const ranWhole = new Set(
  fs
    .readFileSync(path.join(import.meta.dirname, "embedded-tests.txt"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#") && !line.includes(" :: ")),
);

// A test not timed on the embedded database costs its PostgreSQL time scaled by what the tests
// timed on both took (the two runs rarely share a machine's load).
const scale = (() => {
  let pgSeconds = 0;
  let embeddedSeconds = 0;
  for (const [file, timing] of embedded) {
    for (const [test, seconds] of timing.tests) {
      const onPg = pg.get(file)?.tests.get(test);
      if (onPg === undefined) continue;
      pgSeconds += onPg;
      embeddedSeconds += seconds;
    }
  }
  return pgSeconds > 0 ? embeddedSeconds / pgSeconds : 1;
})();
const testCost = (file: string, test: string) =>
  embedded.get(file)?.tests.get(test) ?? (pg.get(file)?.tests.get(test) ?? 1) * scale;
/**
 * What a file costs beyond its tests' own times: its database, its imports and its hooks, which
 * vitest's report leaves out of every test's time. Measured on the embedded run of 2026-11-29:
 * 78 files took 272 s of worker time for 102 s of their tests' times, about 2.2 s a file.
 */
const FILE_OVERHEAD_SECONDS = 2.2;
const fileCost = (file: string) =>
  FILE_OVERHEAD_SECONDS +
  [...(coverage.get(file)?.tests.keys() ?? [])].reduce((sum, test) => sum + testCost(file, test), 0);

// A test that skips itself without PostgreSQL (statement counts, plans) runs nothing on the
// embedded database: known from the embedded report, or, for a file whose tests all do, from its text.
const postgresOnlyFile = (file: string) => {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  return text.includes("skipIf(!process.env.TEST_DATABASE_URL)") && !/^describe\(/m.test(text);
};
for (const file of [...coverage.keys()]) {
  if (!fs.existsSync(path.join(root, file)) || postgresOnlyFile(file)) {
    coverage.delete(file);
    continue;
  }
  if (!ranWhole.has(file)) continue;
  for (const test of embedded.get(file)?.skipped ?? []) coverage.get(file)!.tests.delete(test);
}

const target = new Set<string>();
for (const { setup, tests } of coverage.values()) {
  for (const fn of setup) target.add(fn);
  for (const set of tests.values()) for (const fn of set) target.add(fn);
}

// The chosen: whole files, and tests of the other files.
const wholeFiles = new Set([...coverage.keys()].filter((file) => ALWAYS.some((re) => re.test(file))));
const chosenTests = new Map<string, Set<string>>();
const left = new Set(target);
for (const file of wholeFiles) {
  const { setup, tests } = coverage.get(file)!;
  for (const fn of setup) left.delete(fn);
  for (const set of tests.values()) for (const fn of set) left.delete(fn);
}

// Greedy set cover: the test that runs the most functions still uncovered per second, a test of a
// file not yet opened paying for (and gaining) the file's setup too.
while (left.size > 0) {
  let best: { file: string; test: string } | null = null;
  let bestScore = 0;
  for (const [file, { setup, tests }] of coverage) {
    if (wholeFiles.has(file)) continue;
    const opened = chosenTests.has(file);
    let setupGain = 0;
    if (!opened) for (const fn of setup) if (left.has(fn)) setupGain++;
    for (const [test, set] of tests) {
      if (chosenTests.get(file)?.has(test)) continue;
      let gain = setupGain;
      for (const fn of set) if (left.has(fn) && !(!opened && setup.has(fn))) gain++;
      const cost = testCost(file, test) + (opened ? 0 : FILE_OVERHEAD_SECONDS);
      const score = gain / Math.max(cost, 0.05);
      if (gain > 0 && score > bestScore) [best, bestScore] = [{ file, test }, score];
    }
  }
  if (!best) break;
  const { setup, tests } = coverage.get(best.file)!;
  if (!chosenTests.has(best.file)) {
    chosenTests.set(best.file, new Set());
    for (const fn of setup) left.delete(fn);
  }
  chosenTests.get(best.file)!.add(best.test);
  for (const fn of tests.get(best.test)!) left.delete(fn);
}

// A file most of whose time is chosen anyway is listed whole: simpler, and new tests join it.
for (const [file, tests] of chosenTests) {
  const chosenSeconds = [...tests].reduce((sum, test) => sum + testCost(file, test), FILE_OVERHEAD_SECONDS);
  if (chosenSeconds >= 0.8 * fileCost(file)) {
    wholeFiles.add(file);
    chosenTests.delete(file);
  }
}

const subsetSeconds =
  [...wholeFiles].reduce((sum, file) => sum + fileCost(file), 0) +
  [...chosenTests].reduce(
    (sum, [file, tests]) =>
      sum + FILE_OVERHEAD_SECONDS + [...tests].reduce((s, t) => s + testCost(file, t), 0),
    0,
  );
const allSeconds = [...coverage.keys()].reduce((sum, file) => sum + fileCost(file), 0);
const testCount = [...chosenTests.values()].reduce((sum, tests) => sum + tests.size, 0);
const date = new Date().toISOString().slice(0, 10);
const lines = [
  "# The tests CI runs on the embedded database (npm run test:embedded), chosen by",
  "# scripts/test-subset/embedded.ts: every function of lib/ that runs a statement, at the least",
  "# test time (CONTRIBUTING.md). A line is a whole file, or `<file> :: <full test name>`.",
  `# Measured on ${date}: ${target.size} database functions in ${new Set([...target].map((f) => f.split("#")[0])).size} files of lib/;`,
  `# ${wholeFiles.size} whole files and ${testCount} tests of ${chosenTests.size} more, of ${coverage.size} files:`,
  `# about ${subsetSeconds.toFixed(0)} s of embedded test time of ${allSeconds.toFixed(0)} s.`,
];
if (left.size) lines.push(`# Not covered by any test: ${[...left].join(", ")}`);
for (const file of [...new Set([...wholeFiles, ...chosenTests.keys()])].sort()) {
  if (wholeFiles.has(file)) lines.push(file);
  else for (const test of [...chosenTests.get(file)!].sort()) lines.push(`${file} :: ${test}`);
}
console.log(lines.join("\n"));

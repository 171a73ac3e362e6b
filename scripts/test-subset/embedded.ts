// Chooses the test files CI runs on the embedded database (`npm run test:embedded`), by measurement:
// every function of lib/ that reaches the database and that the whole suite runs must be run by
// the subset too, at the least test time. Why a subset and how to re-measure: CONTRIBUTING.md.
//
//   1. TEST_DATABASE_URL=… NODE_V8_COVERAGE=<dir> npx vitest run -c scripts/test-subset/vitest.config.ts \
//        --reporter=json --outputFile=<pg.json>          (the whole suite, with each file's coverage)
//   2. npx vitest run <the current subset> --reporter=json --outputFile=<embedded.json>   (optional:
//        the files' embedded durations; without it, PostgreSQL durations stand in)
//   3. npx tsx scripts/test-subset/embedded.ts <dir> <pg.json> [<embedded.json>]
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

// Files whose subject is the embedded database itself (its connection, folder lock, statement
// turns, migrations, the job worker on its one connection, boot, seed, secrets, backups and the
// races that a single connection serializes): always in the subset, whatever the coverage says.
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

type V8Function = { functionName: string; ranges: { startOffset: number; count: number }[] };
type V8Script = { url: string; functions: V8Function[] };
type Report = { testResults: { name: string; startTime: number; endTime: number }[] };

const [coverageDir, pgReport, embeddedReport] = process.argv.slice(2);
if (!coverageDir || !pgReport) {
  console.error("usage: tsx scripts/test-subset/embedded.ts <coverage dir> <pg.json> [<embedded.json>]");
  process.exit(2);
}

const relative = (url: string) => path.relative(root, url.replace(/^file:\/\//, "").replace(/\?.*$/, ""));
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

// Each test file runs in a process of its own; its coverage file names it.
const covered = new Map<string, Set<string>>();
for (const name of fs.readdirSync(coverageDir)) {
  const scripts: V8Script[] = JSON.parse(fs.readFileSync(path.join(coverageDir, name), "utf8")).result;
  const testFiles = scripts
    .map((s) => relative(s.url))
    .filter((f) => /\.test\.ts$/.test(f) && !f.startsWith(".."));
  const [testFile] = testFiles;
  if (testFiles.length !== 1 || !testFile) continue;
  const set = covered.get(testFile) ?? new Set<string>();
  for (const script of scripts) {
    const file = relative(script.url);
    if (!file.startsWith("lib/") || file.startsWith("lib/generated/") || file.endsWith(".test.ts")) continue;
    if (!isDatabaseFile(file)) continue;
    for (const fn of script.functions) {
      if (!fn.functionName || !fn.ranges[0]?.count) continue;
      set.add(`${file}#${fn.functionName}`);
    }
  }
  covered.set(testFile, set);
}

const durations = (report: string) =>
  new Map(
    (JSON.parse(fs.readFileSync(report, "utf8")) as Report).testResults.map((r) => [
      path.relative(root, r.name),
      (r.endTime - r.startTime) / 1000,
    ]),
  );
const pgSeconds = durations(pgReport);
const embeddedSeconds = embeddedReport ? durations(embeddedReport) : new Map<string, number>();
// A file not timed on the embedded database costs its PostgreSQL time scaled by what the files timed
// on both took (the two runs rarely share a machine's load).
const scale = (() => {
  let pg = 0;
  let embedded = 0;
  for (const [file, seconds] of embeddedSeconds) {
    if (!pgSeconds.has(file)) continue;
    pg += pgSeconds.get(file)!;
    embedded += seconds;
  }
  return pg > 0 ? embedded / pg : 1;
})();
const cost = (file: string) => embeddedSeconds.get(file) ?? (pgSeconds.get(file) ?? 1) * scale;

// A file whose tests all skip themselves without PostgreSQL runs nothing on the embedded database.
const postgresOnly = (file: string) => {
  const text = fs.readFileSync(path.join(root, file), "utf8");
  return text.includes("skipIf(!process.env.TEST_DATABASE_URL)") && !/^describe\(/m.test(text);
};
for (const file of [...covered.keys()]) if (postgresOnly(file)) covered.delete(file);

const target = new Set<string>();
for (const set of covered.values()) for (const fn of set) target.add(fn);

const chosen = [...covered.keys()].filter((file) => ALWAYS.some((re) => re.test(file)));
for (const file of pgSeconds.keys())
  if (ALWAYS.some((re) => re.test(file)) && !chosen.includes(file) && !postgresOnly(file)) chosen.push(file);
const left = new Set(target);
for (const file of chosen) for (const fn of covered.get(file) ?? []) left.delete(fn);

// Greedy set cover: the file that runs the most functions still uncovered per second of test time.
while (left.size > 0) {
  let best: string | null = null;
  let bestScore = 0;
  for (const [file, set] of covered) {
    if (chosen.includes(file)) continue;
    let gain = 0;
    for (const fn of set) if (left.has(fn)) gain++;
    const score = gain / Math.max(cost(file), 0.2);
    if (gain > 0 && score > bestScore) [best, bestScore] = [file, score];
  }
  if (!best) break;
  chosen.push(best);
  for (const fn of covered.get(best)!) left.delete(fn);
}

const total = (files: string[]) => files.reduce((sum, f) => sum + cost(f), 0);
chosen.sort();
console.log(
  `database functions the whole suite runs: ${target.size} (in ${new Set([...target].map((f) => f.split("#")[0])).size} files of lib/)`,
);
const current = embeddedReport ? total([...embeddedSeconds.keys()]) : 0;
console.log(
  `subset: ${chosen.length} of ${pgSeconds.size} files, about ${total(chosen).toFixed(0)} s of test time of ${total([...pgSeconds.keys()]).toFixed(0)} s (the timed run: ${current.toFixed(0)} s)`,
);
if (left.size) console.log(`not covered by any file: ${[...left].join(", ")}`);
console.log(chosen.join("\n"));

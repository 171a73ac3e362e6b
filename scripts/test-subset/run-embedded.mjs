// `npm run test:embedded`: vitest on the embedded database, over the tests listed in
// embedded-tests.txt (why these: CONTRIBUTING.md). A line is a test file (all of its tests) or
// `<file> :: <full test name>` (that test, with its file's and suites' hooks). A listed file that no
// longer exists, or a listed test that did not run and pass (renamed, removed, or skipping itself on
// the embedded database), fails the run: the list is re-measured instead of silently shrinking.
//
//   npm run test:embedded [-- --reporter=json --outputFile=<file>]
import fs from "node:fs";
import path from "node:path";
import { createVitest, escapeTestName } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");
const SEPARATOR = " :: ";

/** file → null (the whole file) or the full names of the tests to run. */
const listed = new Map();
for (const raw of fs.readFileSync(path.join(import.meta.dirname, "embedded-tests.txt"), "utf8").split("\n")) {
  const line = raw.trim();
  if (!line || line.startsWith("#")) continue;
  const at = line.indexOf(SEPARATOR);
  const file = at === -1 ? line : line.slice(0, at);
  if (at === -1) listed.set(file, null);
  else if (listed.get(file) !== null)
    listed.set(file, [...(listed.get(file) ?? []), line.slice(at + SEPARATOR.length)]);
}

const missing = [...listed.keys()].filter((file) => !fs.existsSync(path.join(root, file)));
if (missing.length > 0) {
  console.error(
    `scripts/test-subset/embedded-tests.txt is out of date: no such test file\n  ${missing.join("\n  ")}`,
  );
  process.exit(1);
}

const options = { watch: false };
for (const arg of process.argv.slice(2)) {
  const [name, value] = arg.replace(/^--/, "").split("=");
  if (name === "reporter") options.reporters = ["default", value];
  else if (name === "outputFile") options.outputFile = value;
  else {
    console.error(`unknown option ${arg} (known: --reporter=<name>, --outputFile=<file>)`);
    process.exit(2);
  }
}

delete process.env.TEST_DATABASE_URL;
process.env.NODE_ENV ??= "test"; // as `vitest run` sets it (Vite would make it "development")
const vitest = await createVitest("test", options);
await vitest.standalone(); // the reporters' start, as `vitest run` does
const all = await vitest.globTestSpecifications();
const specifications = all.flatMap((spec) => {
  const file = path.relative(root, spec.moduleId);
  if (!listed.has(file)) return [];
  const names = listed.get(file);
  if (names === null) return [spec];
  const pattern = new RegExp(`^(?:${names.map((name) => escapeTestName(name, false)).join("|")})$`);
  return [spec.project.createSpecification(spec.moduleId, { testNamePattern: pattern })];
});

/** The name --testNamePattern is matched against (vitest's getTaskFullName): suites', then the test's. */
const taskFullName = (task) => `${task.suite ? `${taskFullName(task.suite)} ` : ""}${task.name}`;

const result = await vitest.runTestSpecifications(specifications, false);
await vitest.close();

// Every listed test ran and passed; every test of a whole file passed or skipped itself.
const problems = [];
const seen = new Set();
for (const testModule of result.testModules) {
  const file = path.relative(root, testModule.moduleId);
  if (!testModule.ok()) problems.push(`${file}: failed`);
  for (const test of testModule.children.allTests()) {
    if (test.result().state === "passed") seen.add(`${file}${SEPARATOR}${taskFullName(test.task)}`);
  }
}
for (const [file, names] of listed) {
  for (const name of names ?? []) {
    if (!seen.has(`${file}${SEPARATOR}${name}`)) {
      problems.push(
        `${file}${SEPARATOR}${name}: did not run and pass (re-measure: scripts/test-subset/embedded.ts)`,
      );
    }
  }
}
if (result.unhandledErrors.length > 0) problems.push(`${result.unhandledErrors.length} unhandled errors`);
if (problems.length > 0) {
  console.error(`\ntest:embedded failed:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
process.exit(0);

// `npm run test:embedded`: vitest on the embedded database, over the files listed in
// embedded-files.txt (why these: CONTRIBUTING.md). A listed file that no longer exists, or that
// vitest's substring filter would confuse with another, stops the run instead of being skipped.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const listed = fs
  .readFileSync(path.join(import.meta.dirname, "embedded-files.txt"), "utf8")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));

const testFiles = [];
const walk = (dir) => {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (file.endsWith(".test.ts")) testFiles.push(file);
  }
};
for (const dir of ["app", "components", "lib", "test"]) walk(dir);

const problems = listed.flatMap((file) => {
  const matches = testFiles.filter((candidate) => candidate.includes(file));
  if (matches.length === 1 && matches[0] === file) return [];
  return [`${file}: ${matches.length === 0 ? "no such test file" : `matches ${matches.join(", ")}`}`];
});
if (problems.length > 0) {
  console.error(`scripts/test-subset/embedded-files.txt is out of date:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}

const env = { ...process.env };
delete env.TEST_DATABASE_URL;
const run = spawnSync("npx", ["vitest", "run", ...listed, ...process.argv.slice(2)], {
  cwd: root,
  env,
  stdio: "inherit",
});
process.exit(run.status ?? 1);

// `npm start` (`node scripts/serve.mjs start`) and `npm run dev` (`... dev`): runs the app's server,
// scripts/server.ts. Plain JavaScript, so the server process carries no TypeScript loader: tsx's
// hooks would sit on every one of Next.js's module loads (measured: about 1.5 s of CPU at start).
// The server's own TypeScript (scripts/server.ts and the few lib/ modules it uses) is bundled with
// esbuild into the build folder whenever one of those files is newer than the bundle.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const mode = process.argv[2] === "dev" ? "dev" : "start";
const distDir = path.join(root, process.env.NEXT_DIST_DIR || ".next");

/** `npm start` builds once when there is no production build; exits with the build's code if it fails. */
function buildIfMissing() {
  if (fs.existsSync(path.join(distDir, "BUILD_ID"))) return;
  console.log("No production build found: building once (next build)...");
  const started = Date.now();
  // The project's own `next`, with telemetry off: its only outside connection fails slowly offline.
  const build = spawnSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/** Bundles scripts/server.ts unless the last bundle is newer than every file it was made from. */
async function bundleServer() {
  const outfile = path.join(distDir, `app-server-${mode}.mjs`);
  const metafile = `${outfile}.meta.json`;
  try {
    const built = fs.statSync(outfile).mtimeMs;
    const inputs = Object.keys(JSON.parse(fs.readFileSync(metafile, "utf8")).inputs);
    if (inputs.every((input) => fs.statSync(path.join(root, input)).mtimeMs <= built)) return outfile;
  } catch {
    // no bundle yet, or an input is gone: bundle again
  }
  // Loaded only to bundle: importing esbuild costs about 80 ms of CPU at every start otherwise.
  const { buildSync } = await import("esbuild");
  fs.mkdirSync(distDir, { recursive: true });
  const partial = `${outfile}.${process.pid}.tmp`;
  const result = buildSync({
    entryPoints: [path.join(root, "scripts", "server.ts")],
    outfile: partial,
    absWorkingDir: root,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages load from node_modules as usual (Next.js, native addons); only the app's code is bundled.
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    metafile: true,
    logLevel: "warning",
  });
  // Renamed into place: two servers starting from one checkout never run a half-written file.
  fs.writeFileSync(`${metafile}.${process.pid}.tmp`, JSON.stringify(result.metafile));
  fs.renameSync(`${metafile}.${process.pid}.tmp`, metafile);
  fs.renameSync(partial, outfile);
  return outfile;
}

if (mode === "start") buildIfMissing();
const { runServer } = await import(pathToFileURL(await bundleServer()).href);
await runServer(mode, root);

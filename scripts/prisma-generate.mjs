// Runs `prisma generate` offline. Prisma's CLI insists on locating a schema engine binary even
// though generate never executes it; pointing it at any existing file is enough.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  CHECKPOINT_DISABLE: "1",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
};
const bin = path.join(root, "node_modules", ".bin", "prisma");
const result = spawnSync(bin, ["generate"], { cwd: root, env, stdio: "inherit" });
process.exit(result.status ?? 1);

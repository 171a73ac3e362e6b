// The server secret every key of lib/secrets/ is derived from: APP_SECRET, or else a random one
// generated on first boot and kept in DATA_DIR/app-secret (mode 0600). It lives outside the
// database on purpose: a dump of the database alone decrypts nothing.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export const MIN_SECRET_LENGTH = 32;
export const SECRET_FILE = "app-secret";

export class ServerSecretError extends Error {}

/** No APP_SECRET and no secret file, where generating one is not allowed (lib/secrets/sealed-values.ts). */
export class MissingServerSecretError extends ServerSecretError {
  constructor(readonly file: string) {
    super(`APP_SECRET is not set and ${file} does not exist.`);
  }
}

type Env = Record<string, string | undefined>;

function checked(secret: string, where: string): string {
  const value = secret.trim();
  if (value.length < MIN_SECRET_LENGTH) {
    throw new ServerSecretError(
      `${where} must be at least ${MIN_SECRET_LENGTH} characters (e.g. the output of \`openssl rand -base64 32\`).`,
    );
  }
  return value;
}

/**
 * The secret from APP_SECRET, or the one kept in (or created in) DATA_DIR. With `create: false`
 * (the database already holds sealed values, which a new secret would never open) a missing file
 * throws MissingServerSecretError instead of being generated.
 */
export function loadServerSecret(
  env: Env = process.env,
  warn = console.warn,
  { create = true }: { create?: boolean } = {},
): string {
  if (env.APP_SECRET) return checked(env.APP_SECRET, "APP_SECRET");
  const dir = env.DATA_DIR ?? ".data";
  if (dir.startsWith("memory://")) {
    // A throwaway database: nothing encrypted with this secret outlives the process either.
    return randomBytes(32).toString("base64url");
  }
  const file = path.join(path.resolve(/*turbopackIgnore: true*/ dir), SECRET_FILE);
  const { secret, created } = readOrCreate(file, create);
  if (env.DATABASE_URL) {
    warn(
      `APP_SECRET is not set: using the secret ${created ? "generated in" : "kept in"} ${file}. ` +
        "Every instance that shares this database must use the same secret: set APP_SECRET on all of them.",
    );
  }
  return secret;
}

// Written to a temporary file and then linked into place: link fails when the name exists, so of
// several processes starting together exactly one creates the secret and the others read it whole.
function readOrCreate(file: string, create: boolean): { secret: string; created: boolean } {
  try {
    return { secret: checked(fs.readFileSync(file, "utf8"), file), created: false };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (!create) throw new MissingServerSecretError(file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  fs.writeFileSync(temporary, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(temporary, file);
    return { secret: checked(fs.readFileSync(file, "utf8"), file), created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { secret: checked(fs.readFileSync(file, "utf8"), file), created: false };
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

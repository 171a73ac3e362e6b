// Can this server open what the database holds sealed? Checked whenever the database is opened
// (lib/db/client.ts), before anything is served. A database restored or copied without its server
// secret would otherwise boot with a new one: checkout reads, email reads and license certificates
// would answer 500, webhooks could never be signed again, and each organization's license-signing
// key would be lost for good. So one sealed value of each kind is read, and the server refuses to
// start when its key is not in the keyring; and while any sealed value exists, no new secret is
// ever generated. See docs/backups.md.
import { sealedKeyId } from "./encryption";
import { keyring, type Keyring } from "./keys";
import { MissingServerSecretError, ServerSecretError } from "./server-secret";

/** Runs one SQL statement (either database driver). */
export type SqlQuery = (sql: string) => Promise<{ rows: unknown[] }>;

/** Where a sealed value was found, and the key it names (null: not in the sealed format). */
export type SealedSample = { sealedIn: string; keyId: string | null };

// `v1.<key id>` of a sealed column: the version and key id, never any of the ciphertext.
const prefix = (column: string) => `split_part(${column}, '.', 1) || '.' || split_part(${column}, '.', 2)`;

/** Every key id of a long-lived kind (one row per organization or endpoint: few rows). */
const every = (table: string, column: string, where = "TRUE") =>
  `SELECT DISTINCT '${table}.${column}' AS sealed_in, ${prefix(column)} AS sealed_with
     FROM ${table} WHERE ${column} IS NOT NULL AND ${where}`;

/**
 * One row of a kind that is kept a short while and may have millions of rows (any row: without the
 * right secret every row fails alike; one sealed with a retired secret cannot be read either).
 */
const one = (table: string, column: string) =>
  `(SELECT '${table}.${column}' AS sealed_in, ${prefix(column)} AS sealed_with
      FROM ${table} WHERE ${column} IS NOT NULL LIMIT 1)`;

const PROBE = [
  // Lost for good without the secret: each organization's license-signing key, each endpoint's
  // webhook signing secret (the previous one only while it still signs).
  every("organization_signing_keys", "private_key_sealed"),
  every("webhook_endpoints", "secret_sealed"),
  every(
    "webhook_endpoints",
    "previous_secret_sealed",
    "previous_secret_expires_at > (now() AT TIME ZONE 'UTC')",
  ),
  one("checkout_sessions", "client_secret_ciphertext"),
  one("emails", "text_sealed"),
  one("emails", "html_sealed"),
  one("webhook_events", "payload"),
  one("idempotency_keys", "response_ciphertext"),
].join("\nUNION ALL\n");

/** The key ids the database's sealed values name: every long-lived one, one of each other kind. */
export async function sealedSamples(query: SqlQuery): Promise<SealedSample[]> {
  const { rows } = await query(PROBE);
  return (rows as { sealed_in: string; sealed_with: string }[]).map((row) => ({
    sealedIn: row.sealed_in,
    keyId: sealedKeyId(`${row.sealed_with}.`),
  }));
}

const CONSEQUENCES =
  "checkout reads, emails and license certificates would fail, webhooks could never be signed " +
  "again, and each organization's license-signing key would be lost";

const REMEDY =
  "Start the server with APP_SECRET set to the secret this database was written with (or with that " +
  "secret's DATA_DIR/app-secret file in place); a former secret, after a rotation, goes in " +
  "APP_SECRET_PREVIOUS (comma-separated). See docs/backups.md.";

/** "key id X in a, b; key id Y in c": which keys are missing, and where they are needed. */
function describeUnknown(samples: SealedSample[]): string {
  const byKey = new Map<string, string[]>();
  for (const sample of samples) {
    const key = sample.keyId ? `key id ${sample.keyId}` : "an unknown format";
    byKey.set(key, [...(byKey.get(key) ?? []), sample.sealedIn]);
  }
  return [...byKey].map(([key, where]) => `${key} in ${[...new Set(where)].join(", ")}`).join("; ");
}

/**
 * Loads the keyring and checks that it opens the sealed values of `query`'s database; throws
 * ServerSecretError (whose message names APP_SECRET and APP_SECRET_PREVIOUS, and no secret) when
 * it does not. A new secret is generated only while nothing is sealed.
 */
export async function checkServerSecretOpensDatabase(
  query: SqlQuery,
  loadKeyring: typeof keyring = keyring,
): Promise<Keyring> {
  const samples = await sealedSamples(query);
  if (samples.length === 0) return loadKeyring();
  let keys: Keyring;
  try {
    keys = loadKeyring({ createSecret: false });
  } catch (error) {
    if (!(error instanceof MissingServerSecretError)) throw error;
    throw new ServerSecretError(
      `Refusing to start: the database holds values sealed with a server secret (${describeUnknown(samples)}), ` +
        `but none is set: ${error.message} A new secret would not open them (${CONSEQUENCES}), so none ` +
        `is generated. ${REMEDY}`,
    );
  }
  const unknown = samples.filter((sample) => !sample.keyId || !keys.byId.has(sample.keyId));
  if (unknown.length === 0) return keys;
  throw new ServerSecretError(
    `Refusing to start: the database holds values sealed with a server secret this server does not ` +
      `have: ${describeUnknown(unknown)}; this server's secret (APP_SECRET, else DATA_DIR/app-secret) ` +
      `and APP_SECRET_PREVIOUS give key id${keys.byId.size > 1 ? "s" : ""} ${[...keys.byId.keys()].join(", ")}. Was the database ` +
      `restored or copied without its secret? Served like this, ${CONSEQUENCES}. ${REMEDY}`,
  );
}

// The start-up check of the server secret against the database's sealed values, on this file's
// database: each case writes its rows inside a transaction it rolls back, so none sees another's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { getDb, type Tx } from "@/lib/db/client";
import { createEmail, createOrganization } from "@/lib/factories";
import { findOrCreateSigningKey } from "@/lib/licensing/signing-keys";
import { sealPreviousSecret, sealSecret, generateSecret } from "@/lib/webhooks/secrets";
import { keyring, keyringFrom, type Keyring } from "./keys";
import { checkServerSecretOpensDatabase, sealedSamples, type SqlQuery } from "./sealed-values";
import { loadServerSecret, ServerSecretError } from "./server-secret";

const OTHER = "another-secret-that-is-long-enough-0123456789";
const appSecret = () => process.env.APP_SECRET!;

class Rollback extends Error {}

/** Runs `work` in a transaction that is always rolled back; returns what it returned. */
async function rolledBack<T>(work: (tx: Tx, query: SqlQuery) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await (
    await getDb()
  )
    .$transaction(async (tx) => {
      result = await work(tx, async (sql) => ({ rows: await tx.$queryRawUnsafe<unknown[]>(sql) }));
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return result!;
}

/** An organization with a license-signing key, a webhook endpoint and an email, sealed under APP_SECRET. */
async function sealedRows(tx: Tx) {
  const organization = await createOrganization(tx);
  await findOrCreateSigningKey(tx, organization.id);
  const endpointId = crypto.randomUUID();
  await tx.webhookEndpoint.create({
    data: {
      id: endpointId,
      organization_id: organization.id,
      url: "https://receiver.example.com/hooks",
      events: ["order.paid"],
      secret_sealed: sealSecret(endpointId, generateSecret()),
    },
  });
  await createEmail(tx, organization.id);
  return { organization, endpointId };
}

/** A keyring loader as the check calls it, recording the options it was called with. */
function loaderOf(keys: Keyring | (() => Keyring)) {
  return vi.fn((_options?: { createSecret?: boolean }) => (typeof keys === "function" ? keys() : keys));
}

describe("checkServerSecretOpensDatabase", () => {
  it("lets a new secret be generated only while nothing is sealed", async () => {
    await rolledBack(async (tx, query) => {
      await createOrganization(tx);
      const load = loaderOf(keyringFrom(OTHER));
      await checkServerSecretOpensDatabase(query, load);
      expect(load).toHaveBeenCalledWith();
      expect(await sealedSamples(query)).toEqual([]);
    });
  });

  it("opens a database sealed under the current secret, or a former one in APP_SECRET_PREVIOUS", async () => {
    await rolledBack(async (tx, query) => {
      await sealedRows(tx);
      const current = keyringFrom(appSecret());
      expect(await checkServerSecretOpensDatabase(query, loaderOf(current))).toBe(current);
      const rotated = keyringFrom(OTHER, [appSecret()]);
      const load = loaderOf(rotated);
      expect(await checkServerSecretOpensDatabase(query, load)).toBe(rotated);
      expect(load).toHaveBeenCalledWith({ createSecret: false });
    });
  });

  it("refuses another secret, naming APP_SECRET and APP_SECRET_PREVIOUS and the key ids, never a secret", async () => {
    await rolledBack(async (tx, query) => {
      await sealedRows(tx);
      const sealedWith = keyring().current.id;
      const error = await checkServerSecretOpensDatabase(query, loaderOf(keyringFrom(OTHER))).catch((e) => e);
      expect(error).toBeInstanceOf(ServerSecretError);
      expect(error.message).toBe(
        "Refusing to start: the database holds values sealed with a server secret this server does not " +
          `have: key id ${sealedWith} in organization_signing_keys.private_key_sealed, ` +
          "webhook_endpoints.secret_sealed, emails.text_sealed, emails.html_sealed; this server's secret " +
          "(APP_SECRET, else DATA_DIR/app-secret) and APP_SECRET_PREVIOUS give key id " +
          `${keyringFrom(OTHER).current.id}. Was the database restored or copied without its secret? ` +
          "Served like this, checkout reads, emails and license certificates would fail, webhooks could " +
          "never be signed again, and each organization's license-signing key would be lost. Start the " +
          "server with APP_SECRET set to the secret this database was written with (or with that " +
          "secret's DATA_DIR/app-secret file in place); a former secret, after a rotation, goes in " +
          "APP_SECRET_PREVIOUS (comma-separated). See docs/backups.md.",
      );
      expect(error.message).not.toContain(appSecret());
      expect(error.message).not.toContain(OTHER);
    });
  });

  it("with no secret set, refuses and creates no DATA_DIR/app-secret while sealed values exist", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "no-secret-"));
    const fromDataDir = ({ createSecret = true }: { createSecret?: boolean } = {}) =>
      keyringFrom(loadServerSecret({ DATA_DIR: dataDir }, () => {}, { create: createSecret }));
    await rolledBack(async (tx, query) => {
      await sealedRows(tx);
      const error = await checkServerSecretOpensDatabase(query, fromDataDir).catch((e) => e);
      expect(error).toBeInstanceOf(ServerSecretError);
      expect(error.message).toContain(
        `but none is set: APP_SECRET is not set and ${path.join(dataDir, "app-secret")} does not exist. ` +
          "A new secret would not open them",
      );
      expect(error.message).toContain("APP_SECRET_PREVIOUS");
      expect(fs.readdirSync(dataDir)).toEqual([]);
    });
    // With nothing sealed, the first start generates it as before.
    await rolledBack(async (_tx, query) => {
      await checkServerSecretOpensDatabase(query, fromDataDir);
      expect(fs.readdirSync(dataDir)).toEqual(["app-secret"]);
    });
  });

  it("checks a rotated-out webhook secret only while it still signs", async () => {
    await rolledBack(async (tx, query) => {
      const { endpointId } = await sealedRows(tx);
      const retired = keyringFrom(OTHER);
      const previous = sealPreviousSecret(endpointId, generateSecret());
      // Sealed under a secret that is not in the keyring: as a value left from before a rotation.
      const foreign = previous.replace(keyring().current.id, retired.current.id);
      const current = keyringFrom(appSecret());
      await tx.webhookEndpoint.update({
        where: { id: endpointId },
        data: { previous_secret_sealed: foreign, previous_secret_expires_at: new Date(Date.now() - 60_000) },
      });
      await expect(checkServerSecretOpensDatabase(query, loaderOf(current))).resolves.toBe(current);
      await tx.webhookEndpoint.update({
        where: { id: endpointId },
        data: { previous_secret_expires_at: new Date(Date.now() + 3_600_000) },
      });
      await expect(checkServerSecretOpensDatabase(query, loaderOf(current))).rejects.toThrow(
        `key id ${retired.current.id} in webhook_endpoints.previous_secret_sealed;`,
      );
    });
  });
});

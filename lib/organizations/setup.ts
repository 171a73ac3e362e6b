// First-merchant setup: on an install with no user yet (PostgreSQL without the demo), the
// dashboard's sign-in page offers to create the first merchant and their organization, the same
// way `npm run user:create` does, and signs them in. It needs the setup code the server printed at
// start (./setup-code.ts): the first visitor of a fresh public install is not its owner by that
// alone. Once any user exists it is refused for good, and no code works any more.
// Two setups racing queue on an advisory lock, and the second finds the first's user: only one
// install owner can ever be made this way.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Db } from "../db/client";
import { ApiError } from "../core/errors";
import { hashPassword } from "../auth/passwords";
import { createMerchantInput } from "../auth/users";
import { claimThrottledAttempt } from "../auth/sign-in-throttle";
import { addressBucket } from "../http/peer";
import { insertOwnedOrganization } from "./manage";
import { organizationName, organizationSlug } from "./schemas";
import { forgetSetupCodes, SETUP_CODE_THROTTLE, setupCodeMatches } from "./setup-code";

// Any constant of its own (the migrator and the demo seed use others): held until the setup's
// transaction ends.
const SETUP_LOCK_KEY = 72_707_371;
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 15_000 };

export const setupStatusSchema = z.object({ setup_required: z.boolean() });

export const setupBody = z.object({
  /** Printed by the server at start while no user exists (docs/accounts.md). */
  setup_code: z.string().max(64),
  // The rules `npm run user:create` applies (lib/auth/users.ts).
  email: z
    .email()
    .max(320)
    .transform((email) => email.toLowerCase()),
  password: createMerchantInput.shape.password,
  name: z.string().trim().min(1).max(120).nullish(),
  organization_name: organizationName,
  organization_slug: organizationSlug,
});
export type SetupBody = z.output<typeof setupBody>;

const alreadySetUp = () =>
  new ApiError("NotPermitted", "This installation is already set up: sign in instead.");

export const WRONG_SETUP_CODE =
  "This is not the setup code. The server prints it at start, on the line “Setup code:” (a new one at each start).";

export async function isSetupRequired(db: Db): Promise<boolean> {
  return (await db.user.findFirst({ select: { id: true } })) === null;
}

/**
 * Creates the first user and their organization (owner), or 403 when a user exists, 422 for a
 * wrong setup code (429 after too many tries from the client's address). The caller signs them in
 * afterwards, outside this transaction.
 */
export async function setUpFirstMerchant(
  db: Db,
  body: SetupBody,
  client: { address: string },
  now = new Date(),
) {
  // Answered before the password is hashed: a finished install pays nothing for a refused setup.
  if (!(await isSetupRequired(db))) throw alreadySetUp();
  // Counted before the code is compared, so parallel guesses cannot all be checked.
  await claimThrottledAttempt(
    db,
    `setup:${addressBucket(client.address)}`,
    SETUP_CODE_THROTTLE,
    now,
    "setup",
  );
  if (!(await setupCodeMatches(db, body.setup_code))) {
    // A setup that succeeds forgets the codes: one racing it finds none, and is told the truth.
    if (!(await isSetupRequired(db))) throw alreadySetUp();
    throw ApiError.invalid(["body", "setup_code"], WRONG_SETUP_CODE);
  }
  const passwordHash = await hashPassword(body.password);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SETUP_LOCK_KEY}::bigint)`;
    if (await tx.user.findFirst({ select: { id: true } })) throw alreadySetUp();
    const user = await tx.user.create({
      data: {
        id: randomUUID(),
        created_at: now,
        email: body.email,
        name: body.name ?? null,
        password_hash: passwordHash,
      },
    });
    const organization = await insertOwnedOrganization(
      tx,
      user.id,
      { name: body.organization_name, slug: body.organization_slug },
      now,
    );
    await forgetSetupCodes(tx);
    return { user, organization };
  }, TRANSACTION_OPTIONS);
}

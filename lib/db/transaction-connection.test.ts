// Direct statements inside a Prisma transaction run on that transaction's connection
// (./transaction-connection.ts): they see its uncommitted writes, roll back with it, never land on
// another transaction's connection however many run at once, and are refused once it has ended.
import { describe, expect, it, vi } from "vitest";
import { getDb, type Tx } from "./client";
import { directQuery } from "./direct";
import { createOrganization } from "../factories";

const backendOf = async (tx: Tx) => {
  const [viaPrisma] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
  const [direct] = await directQuery(tx)<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  return { prisma: viaPrisma!.pid, direct: direct!.pid };
};

describe.skipIf(!process.env.TEST_DATABASE_URL)("direct statements in a transaction", () => {
  it("run on the transaction's connection, see its writes and roll back with it", async () => {
    const db = await getDb();
    const organization = await createOrganization(db);
    const failure = new Error("roll back");
    await expect(
      db.$transaction(async (tx) => {
        await tx.organization.update({ where: { id: organization.id }, data: { name: "Renamed in the tx" } });
        const [seen] = await directQuery(tx)<{ name: string }>(
          "SELECT name FROM organizations WHERE id = $1",
          [organization.id],
        );
        expect(seen).toEqual({ name: "Renamed in the tx" });
        await directQuery(tx)("UPDATE organizations SET email = 'direct@example.com' WHERE id = $1", [
          organization.id,
        ]);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await db.organization.findUniqueOrThrow({ where: { id: organization.id } })).toMatchObject({
      name: organization.name,
      email: organization.email,
    });
  });

  it("each of many concurrent transactions uses its own connection", async () => {
    const db = await getDb();
    const backends = await Promise.all(
      Array.from({ length: 12 }, () =>
        db.$transaction(async (tx) => {
          const first = await backendOf(tx);
          // A few milliseconds of work inside each, so that they overlap (simulated work, not a wait
          // for something: a barrier of all 12 would deadlock where the pool or database has fewer).
          await new Promise((resolve) => setTimeout(resolve, 5));
          return [first, await backendOf(tx)];
        }),
      ),
    );
    for (const pair of backends) {
      for (const { prisma, direct } of pair) expect(direct).toBe(prisma);
      expect(pair[1]!.prisma).toBe(pair[0]!.prisma);
    }
  });

  it("refuses a statement sent after the transaction ended", async () => {
    const db = await getDb();
    const leaked = await db.$transaction(async (tx) => tx);
    await expect(directQuery(leaked)("SELECT 1")).rejects.toThrow(/after its transaction ended/);
  });

  it("refuses a statement once Prisma has given the connection back (its timeout) while the callback still runs", async () => {
    const db = await getDb();
    let refused: unknown = null;
    let finished!: () => void;
    const callbackDone = new Promise<void>((resolve) => (finished = resolve));
    await expect(
      db.$transaction(
        async (tx) => {
          // Asked again until Prisma's timeout has ended the transaction and taken the connection
          // back (the statements before that are harmless reads of the live transaction).
          await vi.waitFor(
            async () => {
              refused = await directQuery(tx)("SELECT 1").catch((error: unknown) => error);
              expect(refused).toBeInstanceOf(Error);
            },
            { timeout: 10_000, interval: 20 },
          );
          finished();
        },
        { timeout: 100 },
      ),
    ).rejects.toThrow();
    await callbackDone;
    expect(String(refused)).toMatch(/after its transaction ended/);
  });
});

// The claim is a statement sent straight to the driver (lib/db/direct.ts): the job it returns must
// be the row as Prisma reads it (Dates, the parsed payload, the status's name), on both databases.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { enqueueJob } from "@/lib/jobs/enqueue";
import { claimJob } from "@/lib/jobs/claim";

const T0 = new Date("2031-05-06T07:08:09.123Z");

describe("claimJob", () => {
  it("returns the claimed job as Prisma reads it, and null when none is due", async () => {
    const db = await getDb();
    const payload = { checkout_id: "c1", nested: { list: [1, "deux", null] }, note: 'l’"été"' };
    await enqueueJob(db, "claim.test", payload, { dedupeKey: "claim-test", now: T0, maxAttempts: 3 });
    const claimed = await claimJob(db, "worker-claim-test", new Date(T0.getTime() + 5), 15_000);
    expect(claimed).toEqual(await db.job.findUniqueOrThrow({ where: { dedupe_key: "claim-test" } }));
    expect(claimed).toMatchObject({
      name: "claim.test",
      payload,
      status: "running",
      attempts: 1,
      max_attempts: 3,
      locked_by: "worker-claim-test",
      locked_at: new Date(T0.getTime() + 5),
      run_at: T0,
      rerun_requested: false,
      finished_at: null,
    });
    expect(await claimJob(db, "worker-claim-test", new Date(T0.getTime() + 6), 15_000)).toBeNull();
  });
});

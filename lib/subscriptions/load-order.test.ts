// A route that reaches the subscriptions' payment code first (the customer portal's payment-method
// route, the dunning view) must not leave the job registry with half-loaded handlers: the
// registry is reached through lib/payments/outcomes.ts → lib/jobs/runtime.ts while they load.
import { describe, expect, it } from "vitest";

describe("module load order", () => {
  it("gives the registry every subscription job when payment-method.ts loads first", async () => {
    await import("./payment-method");
    await import("./dunning-view");
    const { jobHandlers } = await import("../jobs/registry");
    for (const name of ["subscription.retry_renewal", "subscription.renew", "subscriptions.scan_renewals"]) {
      expect(typeof jobHandlers[name]?.run, name).toBe("function");
    }
  });
});

// After the buyer's 3-D Secure step the page asks the server until the processor's notification
// settled the payment: not once (the notification may come a few seconds later), not forever.
import { describe, expect, it, vi } from "vitest";
import { waitForBankStep } from "./hooks";
import type { CheckoutStore } from "./store";

const waiting = { status: "open", payment_processor_metadata: { next_action: { type: "use_stripe_sdk" } } };
const confirmed = { status: "confirmed", payment_processor_metadata: {} };
const reopened = { status: "open", payment_processor_metadata: {} };

function storeAnswering(...answers: object[]) {
  const refresh = vi.fn(async () => answers.shift() ?? confirmed);
  return { store: { refresh } as unknown as CheckoutStore, refresh };
}

describe("waitForBankStep", () => {
  it("asks until the step is gone: confirmed, or reopened after a failed step", async () => {
    for (const end of [confirmed, reopened]) {
      const { store, refresh } = storeAnswering(waiting, waiting, end);
      const sleep = vi.fn(async () => {});
      await waitForBankStep(store, sleep);
      expect(refresh).toHaveBeenCalledTimes(3);
      expect(sleep).toHaveBeenCalledTimes(2);
      expect(sleep).toHaveBeenCalledWith(300);
    }
  });

  it("asks again after a failed read, and gives up after two minutes", async () => {
    vi.useFakeTimers();
    try {
      const refresh = vi.fn(async () => waiting);
      refresh.mockRejectedValueOnce(new Error("offline"));
      const sleep = vi.fn(async (ms: number) => void vi.advanceTimersByTime(ms));
      const start = Date.now();
      await waitForBankStep({ refresh } as unknown as CheckoutStore, sleep);
      // Every 300 ms for 10 s, then every second: about a hundred asks, then it stops.
      expect(refresh.mock.calls.length).toBeGreaterThan(90);
      expect(Date.now() - start).toBeGreaterThanOrEqual(120_000);
      expect(Date.now() - start).toBeLessThan(125_000);
    } finally {
      vi.useRealTimers();
    }
  });
});

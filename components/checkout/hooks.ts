"use client";
// The hosted checkout's hooks over its session store (store.ts): the session, first painted by the
// server and polled only while it is `confirmed` (processing); the buyer's changes and Pay, whose
// answers replace the session; the benefits after success. Nothing retries a 4xx.
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore } from "react";
import {
  confirmCheckout,
  updateCheckout,
  type ConfirmCheckoutBody,
  type ConfirmedCheckoutView,
  type UpdateCheckoutBody,
} from "./api";
import { isRetryable, type CheckoutStore } from "./store";

export const CheckoutStoreContext = createContext<CheckoutStore | null>(null);

export function useCheckoutStore(): CheckoutStore {
  const store = useContext(CheckoutStoreContext);
  if (!store) throw new Error("useCheckoutStore needs a CheckoutProviders around it.");
  return store;
}

/**
 * How often to ask whether a confirmed session has been processed: processing usually takes a
 * fraction of a second, so quickly at first, then backing off if it is slow.
 */
export function processingPollMs(elapsedMs: number): number {
  if (elapsedMs < 10_000) return 300;
  if (elapsedMs < 60_000) return 1_000;
  return 5_000;
}

/** The session as last answered by the server; polled while it is `confirmed`, even in a background tab. */
export function useCheckout() {
  const store = useCheckoutStore();
  const checkout = useSyncExternalStore(store.subscribe, store.getCheckout, store.getCheckout);
  const processing = checkout.status === "confirmed";
  useEffect(() => {
    if (!processing) return;
    const since = Date.now();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      timer = setTimeout(
        async () => {
          try {
            await store.refresh({ retries: 0 });
          } catch (error) {
            // A 4xx will not change by asking again; anything else is asked again at the next tick.
            if (!isRetryable(error)) return;
          }
          if (!stopped) schedule();
        },
        processingPollMs(Date.now() - since),
      );
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [processing, store]);
  const refetch = useCallback(() => store.refresh().catch(() => undefined), [store]);
  return { data: checkout, refetch };
}

/** The buyer's changes (PATCH); the answer's amounts replace the session's. */
export function useUpdateCheckout() {
  const store = useCheckoutStore();
  return useCallback(
    async (body: UpdateCheckoutBody) => {
      const checkout = await updateCheckout(store.clientSecret, body);
      store.setCheckout(checkout);
      return checkout;
    },
    [store],
  );
}

/** Pay: confirm with one idempotency key per attempt, so a replayed request cannot confirm twice. */
export function useConfirmCheckout() {
  const store = useCheckoutStore();
  return useCallback(
    async (body: ConfirmCheckoutBody, idempotencyKey: string): Promise<ConfirmedCheckoutView> => {
      const checkout = await confirmCheckout(store.clientSecret, body, idempotencyKey);
      store.setCheckout(checkout);
      return checkout;
    },
    [store],
  );
}

/** What the buyer received (license keys in full); the route answers only once the session succeeded. */
export function useCheckoutBenefits(enabled: boolean) {
  const store = useCheckoutStore();
  const state = useSyncExternalStore(store.subscribe, store.getBenefits, store.getBenefits);
  useEffect(() => {
    if (enabled) void store.loadBenefits();
  }, [enabled, store]);
  const retry = useCallback(() => void store.loadBenefits({ retry: true }), [store]);
  return { state, retry };
}

/** The longest the page waits for the processor to report a bank step's outcome. */
const BANK_STEP_WAIT_MS = 120_000;

/**
 * After the buyer's step at their bank (3-D Secure), the processor settles the payment and tells
 * the server (Stripe's event): the session stays `open` with its step until then. Asks again, quickly
 * at first, until the step is gone: confirmed (the processing poll takes over) or reopened.
 */
export async function waitForBankStep(
  store: CheckoutStore,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
) {
  const since = Date.now();
  while (Date.now() - since < BANK_STEP_WAIT_MS) {
    const checkout = await store.refresh({ retries: 0 }).catch(() => null);
    const metadata = checkout?.payment_processor_metadata as Record<string, unknown> | undefined;
    if (checkout && !(checkout.status === "open" && metadata?.next_action)) return;
    await sleep(processingPollMs(Date.now() - since));
  }
}

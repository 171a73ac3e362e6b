"use client";
// What the open checkout needs only once the buyer acts, fetched once the page is idle so its first
// load stays light (docs/checkout.md, "Weight and time to Pay"): zod and the API's schemas
// (./api.ts loadSchemas), Pay's flow (./checkout-pay.ts), and the confirmation shown after Pay.
import { useEffect } from "react";
import { loadSchemas } from "./api";

let payFlow: Promise<typeof import("./checkout-pay")> | null = null;

/** Pay's flow, fetched once (a failed fetch is retried next time). */
export function loadPayFlow() {
  payFlow ??= import("./checkout-pay").catch((error: unknown) => {
    payFlow = null;
    throw error;
  });
  return payFlow;
}

export function useLoadWhenIdle() {
  useEffect(() => {
    const load = () => {
      void loadSchemas().catch(() => undefined);
      void loadPayFlow().catch(() => undefined);
      void import("./confirmation").catch(() => undefined);
    };
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(load, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 200);
    return () => clearTimeout(timer);
  }, []);
}

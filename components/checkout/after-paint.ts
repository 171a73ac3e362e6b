"use client";
// What the open checkout needs only once the buyer acts, fetched once the page is idle so its first
// load stays light (docs/checkout.md, "Weight and time to Pay"): zod and the API's schemas
// (./api.ts loadSchemas), Pay's flow (./checkout-pay.ts), and the confirmation shown after Pay.
import { useEffect } from "react";
import { loadOnce, loadSchemas } from "./api";

/** Pay's flow, fetched once. */
export const loadPayFlow = loadOnce(() => import("./checkout-pay"));

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

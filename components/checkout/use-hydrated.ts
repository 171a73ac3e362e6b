"use client";
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server's first paint and during hydration, true after: the checkout form's
 * data-hydrated marker (tests and bench:checkout-page). Pay itself works before: a press is held by
 * ./early-pay-script.ts and paid once the page hydrates.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

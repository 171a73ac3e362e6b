"use client";
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False on the server's first paint and during hydration, true after. The Pay button stays
 * disabled until then: a click before the page is interactive must not submit a native form.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

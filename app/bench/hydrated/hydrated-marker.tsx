"use client";
import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** data-hydrated="false" in the server's HTML, "true" once React has hydrated the page. */
export function HydratedMarker() {
  const hydrated = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return <span id="hydrated" hidden data-hydrated={hydrated ? "true" : "false"} />;
}

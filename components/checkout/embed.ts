"use client";
// Embedded checkout: when the page runs in an iframe on the merchant's `embed_origin` (the only
// origin its Content-Security-Policy frame-ancestors allows), it tells the parent what happens.
// Messages go to that origin only: `{type: "checkout", event, checkout_id, ...}`.

export type EmbedEvent = "loaded" | "confirmed" | "success";

export function isEmbedded(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

export function postToEmbedder(
  embedOrigin: string | null | undefined,
  event: EmbedEvent,
  data: { checkout_id: string } & Record<string, unknown>,
) {
  const origin = originOf(embedOrigin);
  if (!origin || !isEmbedded()) return;
  window.parent.postMessage({ type: "checkout", event, ...data }, origin);
}

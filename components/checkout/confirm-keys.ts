// Which Idempotency-Key a Pay press sends. A new one per payment attempt; but when the last confirm's
// outcome is unknown (the connection dropped, the server failed or was busy with it), pressing Pay
// again with the same details sends the same key: the server then answers with what became of that
// payment (lib/checkout/resume.ts) instead of "already in progress", and never charges twice.
import { ApiRequestError, NETWORK_ERROR } from "@/components/api-client";
import { newIdempotencyKey } from "./api";

/** An answer that does not say whether the payment was made. */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.code === NETWORK_ERROR || error.status >= 500 || error.code === "ConflictError";
}

export type ConfirmKeys = {
  /** The key for a confirm of `body`. */
  keyFor(body: unknown): string;
  /** Records how the confirm sent with `key` ended (`error` null: it succeeded). */
  ended(key: string, body: unknown, error: unknown): void;
};

export function createConfirmKeys(newKey: () => string = newIdempotencyKey): ConfirmKeys {
  let unresolved: { key: string; body: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      return unresolved && unresolved.body === text ? unresolved.key : newKey();
    },
    ended(key, body, error) {
      unresolved = error !== null && outcomeUnknown(error) ? { key, body: JSON.stringify(body) } : null;
    },
  };
}

// Idempotent requests like Stripe's: a POST with an Idempotency-Key seen before (per account) with the
// same endpoint and parameters replays the first answer; other parameters are refused.
import { FakeStripeError } from "./errors";
import type { AccountState, IdempotentAnswer } from "./state";

export type Answer = { status: number; body: unknown };

/** The first answer under this key, or null when the key is new; throws when the key was used otherwise. */
export function previousAnswer(
  store: AccountState,
  key: string,
  request: { method: string; path: string; params: string },
): IdempotentAnswer | null {
  const previous = store.idempotency.get(key);
  if (!previous) return null;
  if (previous.method !== request.method || previous.path !== request.path) {
    throw new FakeStripeError(400, {
      type: "idempotency_error",
      message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${previous.method} ${previous.path}' vs '${request.method} ${request.path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  if (previous.params !== request.params) {
    throw new FakeStripeError(400, {
      type: "idempotency_error",
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  return previous;
}

/** Keeps the answer for replays; a 5xx is not kept, so a retry after an outage runs again (as with Stripe). */
export function remember(
  store: AccountState,
  key: string,
  request: { method: string; path: string; params: string },
  answer: Answer,
): void {
  if (answer.status >= 500) return;
  store.idempotency.set(key, { ...request, status: answer.status, body: answer.body });
}

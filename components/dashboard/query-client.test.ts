// The dashboard's 401 rule on a real QueryClient with observers, as the pages use it: a signed-out
// session check happens once (it used to refetch itself ~100 times a second), and a list's 401
// re-checks the session once, however many queries fail together.
import { QueryObserver, type QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/components/api-client";
import { sessionKeys } from "./hooks/session-keys";
import { createDashboardQueryClient } from "./query-client";

const unauthenticated = () => new ApiRequestError(401, "Unauthorized", "Not signed in");
// The test's clock (vi.useFakeTimers): the query client's timers, the fake server's answers and
// each watch below run on it, so 100 ms of the page's life pass at once.
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const settle = () => vi.advanceTimersByTimeAsync(100);

let client: QueryClient;
const unsubscribes: (() => void)[] = [];
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  unsubscribes.splice(0).forEach((stop) => stop());
  client.clear();
  vi.useRealTimers();
});

/** An active query (as a mounted component holds it) whose fetches are counted. */
function watch(key: readonly unknown[], fetch: () => Promise<unknown>, options: { retry?: boolean } = {}) {
  let calls = 0;
  const observer = new QueryObserver(client, {
    queryKey: key,
    // Answers after a few milliseconds, like a server: a query that refetches itself then shows
    // up as many calls instead of starving the event loop.
    queryFn: async () => {
      calls += 1;
      await wait(5);
      return fetch();
    },
    ...(options.retry === false ? { retry: false } : {}),
  });
  unsubscribes.push(observer.subscribe(() => {}));
  return { calls: () => calls, observer };
}

describe("dashboard query client", () => {
  it("asks for a signed-out session once, not again on its own 401", async () => {
    client = createDashboardQueryClient();
    const session = watch(sessionKeys.all, () => Promise.reject(unauthenticated()), { retry: false });
    await settle();
    await settle();
    expect(session.calls()).toBe(1);
    expect(session.observer.getCurrentResult().error).toBeInstanceOf(ApiRequestError);
  });

  it("re-checks the session once when several queries answer 401 together", async () => {
    client = createDashboardQueryClient();
    let signedIn = true;
    const session = watch(sessionKeys.all, () =>
      signedIn ? Promise.resolve({ user: { email: "a@b.c" } }) : Promise.reject(unauthenticated()),
    );
    await settle();
    expect(session.calls()).toBe(1);

    signedIn = false;
    for (const name of ["orders", "products", "customers", "discounts"]) {
      watch([name, "list"], () => Promise.reject(unauthenticated()));
    }
    await settle();
    await settle();
    expect(session.calls()).toBe(2);
    expect(session.observer.getCurrentResult().error).toMatchObject({ status: 401 });
  });

  it("does not re-check the session for other failures or a wrong password", async () => {
    client = createDashboardQueryClient();
    const session = watch(sessionKeys.all, () => Promise.resolve({ user: { email: "a@b.c" } }));
    await settle();
    watch(["orders", "list"], () =>
      Promise.reject(new ApiRequestError(404, "ResourceNotFound", "Not found")),
    );
    await client
      .getMutationCache()
      .build(client, {
        mutationKey: [...sessionKeys.all, "sign-in"],
        mutationFn: () => Promise.reject(unauthenticated()),
      })
      .execute(undefined)
      .catch(() => {});
    await settle();
    expect(session.calls()).toBe(1);
  });
});

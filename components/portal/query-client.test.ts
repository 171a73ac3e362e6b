// The portal's QueryClient: a 401 from a query or an action sends the portal back to sign-in and is
// never retried; a server error is retried, a 4xx is not.
import { describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/components/api-client";
import { createPortalQueryClient } from "./query-client";

const unauthorized = () => new ApiRequestError(401, "Unauthorized", "Unauthorized");

describe("createPortalQueryClient", () => {
  it("reports a query's 401 at once, without retrying it", async () => {
    const onUnauthenticated = vi.fn();
    const client = createPortalQueryClient(onUnauthenticated);
    const fetcher = vi.fn(async () => {
      throw unauthorized();
    });
    await expect(
      client.fetchQuery({ queryKey: ["portal-orders", "list"], queryFn: fetcher }),
    ).rejects.toThrow();
    // fetchQuery does not retry by default; the default for observed queries is what matters here.
    const retry = client.getDefaultOptions().queries?.retry as (failures: number, error: unknown) => boolean;
    expect(retry(0, unauthorized())).toBe(false);
    expect(retry(0, new ApiRequestError(404, "ResourceNotFound", "gone"))).toBe(false);
    expect(retry(0, new ApiRequestError(503, "ServiceUnavailable", "down"))).toBe(true);
    expect(retry(2, new ApiRequestError(503, "ServiceUnavailable", "down"))).toBe(false);
    expect(onUnauthenticated).toHaveBeenCalledWith(client);
  });

  it("reports an action's 401, and nothing for other failures", async () => {
    const onUnauthenticated = vi.fn();
    const client = createPortalQueryClient(onUnauthenticated);
    const run = (error: Error) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: async () => {
            throw error;
          },
        })
        .execute(undefined);
    await expect(run(new ApiRequestError(400, "PaymentError", "declined"))).rejects.toThrow();
    expect(onUnauthenticated).not.toHaveBeenCalled();
    await expect(run(unauthorized())).rejects.toThrow();
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });
});

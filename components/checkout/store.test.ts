// The hosted page's session store: answers replace the session and reach subscribers, network and
// 5xx failures are retried (4xx never), the benefits are read once and again only after an error or
// a change the buyer made.
import { describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "@/components/api-client";
import type { CheckoutBenefits, CheckoutView } from "./api";
import { CheckoutStore, isRetryable, type StoreApi } from "./store";

const session = (status: string) => ({ client_secret: "cs_1", status }) as unknown as CheckoutView;
const benefits = { items: [] } as unknown as CheckoutBenefits;
const serverError = () => new ApiRequestError(503, "ServiceUnavailable", "down");
const notFound = () => new ApiRequestError(404, "ResourceNotFound", "gone");

function storeWith(api: Partial<StoreApi>) {
  const waits: number[] = [];
  const store = new CheckoutStore(
    session("open"),
    {
      getCheckout: vi.fn(async () => session("open")),
      getCheckoutBenefits: vi.fn(async () => benefits),
      ...api,
    },
    async (ms) => void waits.push(ms),
  );
  return { store, waits };
}

describe("isRetryable", () => {
  it("retries network failures and 5xx, never 4xx", () => {
    expect(isRetryable(new ApiRequestError(0, "NetworkError", "offline"))).toBe(true);
    expect(isRetryable(serverError())).toBe(true);
    expect(isRetryable(notFound())).toBe(false);
    expect(isRetryable(new ApiRequestError(422, "RequestValidationError", "bad"))).toBe(false);
  });
});

describe("CheckoutStore", () => {
  it("replaces the session with each answer and tells its subscribers", () => {
    const { store } = storeWith({});
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const confirmed = session("confirmed");
    store.setCheckout(confirmed);
    expect(store.getCheckout()).toBe(confirmed);
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.setCheckout(session("succeeded"));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("refresh retries a 5xx three times with growing waits, then gives up", async () => {
    const getCheckout = vi.fn(async () => {
      throw serverError();
    });
    const { store, waits } = storeWith({ getCheckout });
    await expect(store.refresh()).rejects.toMatchObject({ status: 503 });
    expect(getCheckout).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(store.getCheckout().status).toBe("open");
  });

  it("refresh stores the answer once a retry succeeds; a 4xx is not retried; retries: 0 asks once", async () => {
    const getCheckout = vi
      .fn<() => Promise<CheckoutView>>()
      .mockRejectedValueOnce(serverError())
      .mockResolvedValueOnce(session("succeeded"));
    const { store } = storeWith({ getCheckout });
    await expect(store.refresh()).resolves.toMatchObject({ status: "succeeded" });
    expect(store.getCheckout().status).toBe("succeeded");

    const missing = vi.fn(async () => {
      throw notFound();
    });
    await expect(storeWith({ getCheckout: missing }).store.refresh()).rejects.toMatchObject({ status: 404 });
    expect(missing).toHaveBeenCalledTimes(1);

    const down = vi.fn(async () => {
      throw serverError();
    });
    await expect(storeWith({ getCheckout: down }).store.refresh({ retries: 0 })).rejects.toThrow();
    expect(down).toHaveBeenCalledTimes(1);
  });

  it("reads the benefits once for every caller, and again only when retried after an error", async () => {
    const getCheckoutBenefits = vi
      .fn<() => Promise<CheckoutBenefits>>()
      .mockRejectedValueOnce(notFound())
      .mockResolvedValueOnce(benefits);
    const { store } = storeWith({ getCheckoutBenefits });
    expect(store.getBenefits()).toEqual({ status: "pending" });
    await Promise.all([store.loadBenefits(), store.loadBenefits()]);
    expect(getCheckoutBenefits).toHaveBeenCalledTimes(1);
    expect(store.getBenefits().status).toBe("error");

    await store.loadBenefits();
    expect(getCheckoutBenefits).toHaveBeenCalledTimes(1);

    const retried = store.loadBenefits({ retry: true });
    expect(store.getBenefits()).toEqual({ status: "pending" });
    await retried;
    expect(store.getBenefits()).toEqual({ status: "success", data: benefits });
    await store.loadBenefits({ retry: true });
    expect(getCheckoutBenefits).toHaveBeenCalledTimes(2);
  });

  it("reloads the benefits after a change, keeping the shown list until the new one arrives", async () => {
    const after = { items: [{ id: "grant" }] } as unknown as CheckoutBenefits;
    const getCheckoutBenefits = vi
      .fn<() => Promise<CheckoutBenefits>>()
      .mockResolvedValueOnce(benefits)
      .mockRejectedValueOnce(notFound())
      .mockResolvedValueOnce(after);
    const { store } = storeWith({ getCheckoutBenefits });
    await store.loadBenefits();
    const listener = vi.fn();
    store.subscribe(listener);

    await expect(store.reloadBenefits()).rejects.toMatchObject({ status: 404 });
    expect(store.getBenefits()).toEqual({ status: "success", data: benefits });
    expect(listener).not.toHaveBeenCalled();

    const reloading = store.reloadBenefits();
    expect(store.getBenefits()).toEqual({ status: "success", data: benefits });
    await reloading;
    expect(store.getBenefits()).toEqual({ status: "success", data: after });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

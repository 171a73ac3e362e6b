// Where the portal keeps its token: sessionStorage under `portal:<slug>`, taken out of the landing
// address, dropped on leaving; and the sign-in state's transitions.
import { describe, expect, it, vi } from "vitest";
import {
  PortalAuth,
  forgetToken,
  isTokenShaped,
  readStoredToken,
  storageKey,
  storeToken,
  takeTokenFromUrl,
  type TokenStorage,
} from "./session";

function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const throwing: TokenStorage = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
  removeItem: () => {
    throw new Error("SecurityError");
  },
};

describe("token storage", () => {
  it("keeps one token per organization under portal:<slug>", () => {
    const storage = memoryStorage();
    storeToken(storage, "acme", "cst_a");
    storeToken(storage, "other", "cst_b");
    expect(storageKey("acme")).toBe("portal:acme");
    expect(Object.fromEntries(storage.data)).toEqual({ "portal:acme": "cst_a", "portal:other": "cst_b" });
    expect(readStoredToken(storage, "acme")).toBe("cst_a");
    forgetToken(storage, "acme");
    expect(readStoredToken(storage, "acme")).toBeNull();
    expect(readStoredToken(storage, "other")).toBe("cst_b");
  });

  it("ignores a stored value that is not a customer session token", () => {
    expect(readStoredToken(memoryStorage({ "portal:acme": "oat_merchant" }), "acme")).toBeNull();
    expect(readStoredToken(memoryStorage({ "portal:acme": "" }), "acme")).toBeNull();
  });

  it("works without storage (disabled, or throwing)", () => {
    expect(readStoredToken(null, "acme")).toBeNull();
    expect(readStoredToken(throwing, "acme")).toBeNull();
    expect(() => storeToken(throwing, "acme", "cst_a")).not.toThrow();
    expect(() => forgetToken(throwing, "acme")).not.toThrow();
  });

  it("accepts only cst_ tokens of a bounded length without spaces", () => {
    expect(isTokenShaped("cst_abc")).toBe(true);
    expect(isTokenShaped("cst_" + "a".repeat(300))).toBe(false);
    expect(isTokenShaped("cst_a b")).toBe(false);
    expect(isTokenShaped("polar_cst_x")).toBe(false);
    expect(isTokenShaped(null)).toBe(false);
  });
});

describe("takeTokenFromUrl", () => {
  it("takes the token and keeps the rest of the address", () => {
    expect(
      takeTokenFromUrl("https://shop.test/portal/acme?customer_session_token=cst_x&ref=mail#keys"),
    ).toEqual({
      token: "cst_x",
      cleanUrl: "/portal/acme?ref=mail#keys",
    });
    expect(takeTokenFromUrl("https://shop.test/portal/acme?customer_session_token=cst_x")).toEqual({
      token: "cst_x",
      cleanUrl: "/portal/acme",
    });
  });

  it("removes a malformed token from the address without using it", () => {
    expect(takeTokenFromUrl("https://shop.test/portal/acme?customer_session_token=nope")).toEqual({
      token: null,
      cleanUrl: "/portal/acme",
    });
  });

  it("leaves an address without a token alone", () => {
    expect(takeTokenFromUrl("https://shop.test/portal/acme?ref=mail")).toEqual({
      token: null,
      cleanUrl: null,
    });
  });
});

describe("PortalAuth", () => {
  const href = (query = "") => `https://shop.test/portal/acme${query}`;

  it("starts signed out with nothing stored, and renders `starting` on the server", () => {
    const auth = new PortalAuth("acme", memoryStorage());
    expect(auth.getServerPhase()).toEqual({ kind: "starting" });
    expect(auth.start(href())).toBeNull();
    expect(auth.getPhase()).toEqual({ kind: "signed-out", notice: null });
  });

  it("signs in with the link's token, stores it and returns the address without it", () => {
    const storage = memoryStorage({ "portal:acme": "cst_old" });
    const auth = new PortalAuth("acme", storage);
    expect(auth.start(href("?customer_session_token=cst_new"))).toBe("/portal/acme");
    expect(auth.getPhase()).toEqual({ kind: "signed-in", token: "cst_new" });
    expect(storage.data.get("portal:acme")).toBe("cst_new");
  });

  it("signs in with this tab's stored token after a reload", () => {
    const auth = new PortalAuth("acme", memoryStorage({ "portal:acme": "cst_kept" }));
    auth.start(href());
    expect(auth.getPhase()).toEqual({ kind: "signed-in", token: "cst_kept" });
  });

  it("starts once (a second start, as in React's strict mode, changes nothing)", () => {
    const auth = new PortalAuth("acme", memoryStorage());
    auth.start(href("?customer_session_token=cst_a"));
    expect(auth.start(href("?customer_session_token=cst_b"))).toBeNull();
    expect(auth.getPhase()).toEqual({ kind: "signed-in", token: "cst_a" });
  });

  it("leaves once, forgetting the token, telling subscribers and returning the token", () => {
    const storage = memoryStorage();
    const auth = new PortalAuth("acme", storage);
    const listener = vi.fn();
    auth.subscribe(listener);
    auth.start(href());
    auth.enter("cst_a");
    expect(storage.data.get("portal:acme")).toBe("cst_a");
    expect(auth.leave("Your session has expired.")).toBe("cst_a");
    expect(auth.leave("again")).toBeNull();
    expect(auth.getPhase()).toEqual({ kind: "signed-out", notice: "Your session has expired." });
    expect(storage.data.has("portal:acme")).toBe(false);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("stops telling a listener that unsubscribed", () => {
    const auth = new PortalAuth("acme", memoryStorage());
    const listener = vi.fn();
    const unsubscribe = auth.subscribe(listener);
    unsubscribe();
    auth.start(href());
    expect(listener).not.toHaveBeenCalled();
  });
});

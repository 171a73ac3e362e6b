// How the portal knows it is signed in: only the session's CSRF cookie is read (the session is an
// HttpOnly cookie the page never sees); the sign-in state's transitions.
import { describe, expect, it, vi } from "vitest";
import {
  COOKIES_BLOCKED_NOTICE,
  CSRF_COOKIE,
  PortalAuth,
  readCookieValue,
  type CsrfCookieJar,
} from "./session";

const CSRF = "a".repeat(64);

function jar(initial: string | null = null): CsrfCookieJar & { value: string | null } {
  const cookies = {
    value: initial,
    read: () => cookies.value,
    forget: () => void (cookies.value = null),
  };
  return cookies;
}

const throwing: CsrfCookieJar = {
  read: () => {
    throw new Error("SecurityError");
  },
  forget: () => {
    throw new Error("SecurityError");
  },
};

describe("readCookieValue", () => {
  it("finds the CSRF cookie among others", () => {
    expect(readCookieValue(`a=1; ${CSRF_COOKIE}=${CSRF}; b=2`, CSRF_COOKIE)).toBe(CSRF);
    expect(readCookieValue(`${CSRF_COOKIE}=${CSRF}`, CSRF_COOKIE)).toBe(CSRF);
    expect(readCookieValue("a=1; b=2", CSRF_COOKIE)).toBeNull();
    expect(readCookieValue("", CSRF_COOKIE)).toBeNull();
  });

  it("ignores anything not shaped like a CSRF token", () => {
    expect(readCookieValue(`${CSRF_COOKIE}=`, CSRF_COOKIE)).toBeNull();
    expect(readCookieValue(`${CSRF_COOKIE}=<script>`, CSRF_COOKIE)).toBeNull();
    expect(readCookieValue(`${CSRF_COOKIE}=${"a".repeat(129)}`, CSRF_COOKIE)).toBeNull();
    expect(readCookieValue(`x${CSRF_COOKIE}=${CSRF}`, CSRF_COOKIE)).toBeNull();
  });
});

describe("PortalAuth", () => {
  it("starts signed in when the CSRF cookie is there, signed out otherwise", () => {
    const signedIn = new PortalAuth("acme", jar(CSRF));
    expect(signedIn.getPhase()).toEqual({ kind: "starting" });
    signedIn.start();
    expect(signedIn.getPhase()).toEqual({ kind: "signed-in", csrf: CSRF });

    for (const cookies of [jar(), null, throwing]) {
      const auth = new PortalAuth("acme", cookies);
      auth.start();
      expect(auth.getPhase()).toEqual({ kind: "signed-out", notice: null });
    }
  });

  it("renders `starting` on the server whatever the browser holds", () => {
    expect(new PortalAuth("acme", jar(CSRF)).getServerPhase()).toEqual({ kind: "starting" });
  });

  it("starts once", () => {
    const cookies = jar();
    const auth = new PortalAuth("acme", cookies);
    auth.start();
    cookies.value = CSRF;
    auth.start();
    expect(auth.getPhase().kind).toBe("signed-out");
  });

  it("enters with the cookie the sign-in set, or says the browser kept none", () => {
    const cookies = jar();
    const auth = new PortalAuth("acme", cookies);
    auth.start();
    cookies.value = CSRF;
    auth.enter();
    expect(auth.getPhase()).toEqual({ kind: "signed-in", csrf: CSRF });

    const blocked = new PortalAuth("acme", jar());
    blocked.start();
    blocked.enter();
    expect(blocked.getPhase()).toEqual({ kind: "signed-out", notice: COOKIES_BLOCKED_NOTICE });
  });

  it("leaves with a notice, forgetting the cookie unless told not to, and only once", () => {
    const cookies = jar(CSRF);
    const auth = new PortalAuth("acme", cookies);
    const listener = vi.fn();
    auth.subscribe(listener);
    auth.start();
    expect(auth.leave("Your session has expired.")).toBe(CSRF);
    expect(auth.getPhase()).toEqual({ kind: "signed-out", notice: "Your session has expired." });
    expect(cookies.value).toBeNull();
    expect(auth.leave("again")).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);

    const foreign = jar(CSRF);
    const other = new PortalAuth("acme", foreign);
    other.start();
    expect(other.leave("another store", false)).toBe(CSRF);
    expect(foreign.value).toBe(CSRF);
  });

  it("a jar that throws on forgetting still leaves", () => {
    const auth = new PortalAuth("acme", { read: () => CSRF, forget: throwing.forget });
    auth.start();
    expect(auth.leave(null)).toBe(CSRF);
    expect(auth.getPhase()).toEqual({ kind: "signed-out", notice: null });
  });
});

// How the portal knows it is signed in. The customer session itself lives in an HttpOnly cookie the
// page's scripts never see (set by the sign-in route, or by proxy.ts from a merchant's link, and
// sent only to /v1/customer-portal: docs/portal-security.md); nothing is kept in sessionStorage or
// localStorage. The page reads only the session's CSRF cookie (`cps_csrf`, Path=/portal), which it
// echoes in X-CSRF-Token on the portal's writes and whose presence says a session was made.
// Pure over a small cookie-jar interface so the rules are tested without a browser.

export const CSRF_COOKIE = "cps_csrf";
const MAX_CSRF_LENGTH = 128;

/** The CSRF cookie as the page sees it: read it, or forget it (leaving). */
export type CsrfCookieJar = { read(): string | null; forget(): void };

/** One cookie's value out of `document.cookie`, when it is shaped like a CSRF token (hex). */
export function readCookieValue(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    return /^[0-9a-f]+$/.test(value) && value.length <= MAX_CSRF_LENGTH ? value : null;
  }
  return null;
}

/** The browser's jar; null where cookies cannot be read. */
export function documentCsrfCookie(): CsrfCookieJar | null {
  try {
    const doc = window.document;
    return {
      read: () => readCookieValue(doc.cookie, CSRF_COOKIE),
      forget: () => {
        doc.cookie = `${CSRF_COOKIE}=; Path=/portal; Max-Age=0; SameSite=Strict`;
      },
    };
  } catch {
    return null;
  }
}

export type Phase =
  { kind: "starting" } | { kind: "signed-out"; notice: string | null } | { kind: "signed-in"; csrf: string };

const STARTING: Phase = { kind: "starting" };

export const COOKIES_BLOCKED_NOTICE =
  "Your browser did not keep the sign-in cookie. Allow cookies for this site, then sign in again.";

/**
 * The portal's sign-in state, one per page: `starting` until the browser has looked for the
 * session's CSRF cookie (the server always renders `starting`), then signed in or out.
 * An external store (subscribe / getPhase) so React reads it with useSyncExternalStore.
 */
export class PortalAuth {
  private phase: Phase = STARTING;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly slug: string,
    private readonly cookies: CsrfCookieJar | null,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getPhase = (): Phase => this.phase;

  getServerPhase = (): Phase => STARTING;

  private set(phase: Phase) {
    this.phase = phase;
    for (const listener of this.listeners) listener();
  }

  private csrf(): string | null {
    try {
      return this.cookies?.read() ?? null;
    } catch {
      return null;
    }
  }

  /** Signed in when the browser holds a session's CSRF cookie (the server decides the rest). */
  start(): void {
    if (this.phase.kind !== "starting") return;
    const csrf = this.csrf();
    this.set(csrf ? { kind: "signed-in", csrf } : { kind: "signed-out", notice: null });
  }

  /** After a sign-in answered: its cookies are set by then. */
  enter(): void {
    const csrf = this.csrf();
    this.set(csrf ? { kind: "signed-in", csrf } : { kind: "signed-out", notice: COOKIES_BLOCKED_NOTICE });
  }

  /**
   * Back to sign-in with a notice; the CSRF token that was in use (null if none: already left).
   * `forget`: drop the CSRF cookie too (not for another store's session, still good there).
   */
  leave(notice: string | null, forget = true): string | null {
    if (this.phase.kind !== "signed-in") return null;
    const { csrf } = this.phase;
    if (forget) {
      try {
        this.cookies?.forget();
      } catch {
        // Nothing to forget.
      }
    }
    this.set({ kind: "signed-out", notice });
    return csrf;
  }
}

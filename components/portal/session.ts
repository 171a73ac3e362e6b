// Where the portal keeps its customer session token: sessionStorage under `portal:<slug>` (one tab,
// gone when it closes), never in the address bar once the page has landed. Pure over a Storage-like
// object so the rules are tested without a browser.

export const TOKEN_PARAM = "customer_session_token";
const TOKEN_PREFIX = "cst_";
const MAX_TOKEN_LENGTH = 256;

export type TokenStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function storageKey(slug: string): string {
  return `portal:${slug}`;
}

/** Only something shaped like a customer session token is kept; anything else is ignored. */
export function isTokenShaped(value: string | null | undefined): value is string {
  return !!value && value.startsWith(TOKEN_PREFIX) && value.length <= MAX_TOKEN_LENGTH && !/\s/.test(value);
}

// Storage can throw (disabled cookies, a full quota): the portal then works for this page only.
export function readStoredToken(storage: TokenStorage | null, slug: string): string | null {
  try {
    const value = storage?.getItem(storageKey(slug)) ?? null;
    return isTokenShaped(value) ? value : null;
  } catch {
    return null;
  }
}

export function storeToken(storage: TokenStorage | null, slug: string, token: string): void {
  try {
    storage?.setItem(storageKey(slug), token);
  } catch {
    // Kept in memory only.
  }
}

export function forgetToken(storage: TokenStorage | null, slug: string): void {
  try {
    storage?.removeItem(storageKey(slug));
  } catch {
    // Nothing stored.
  }
}

/**
 * The token a merchant's link (or the checkout's confirmation) carried, and the same address
 * without it, for history.replaceState: the token must not stay in the address bar, the history
 * or a bookmark. Other parameters and the fragment are kept. `cleanUrl` is null when there was
 * nothing to remove.
 */
export function takeTokenFromUrl(href: string): { token: string | null; cleanUrl: string | null } {
  const url = new URL(href);
  if (!url.searchParams.has(TOKEN_PARAM)) return { token: null, cleanUrl: null };
  const value = url.searchParams.get(TOKEN_PARAM);
  url.searchParams.delete(TOKEN_PARAM);
  return {
    token: isTokenShaped(value) ? value : null,
    cleanUrl: `${url.pathname}${url.search}${url.hash}`,
  };
}

export type Phase =
  { kind: "starting" } | { kind: "signed-out"; notice: string | null } | { kind: "signed-in"; token: string };

const STARTING: Phase = { kind: "starting" };

/**
 * The portal's sign-in state, one per page: `starting` until the browser has looked for a token
 * (the server always renders `starting`: the token never reaches it), then signed in or out.
 * An external store (subscribe / getPhase) so React reads it with useSyncExternalStore.
 */
export class PortalAuth {
  private phase: Phase = STARTING;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly slug: string,
    private readonly storage: TokenStorage | null,
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

  /**
   * Signs in with the landing URL's token, else the one this tab kept. Returns the address to put
   * in place of the current one (without the token), or null when there is nothing to remove.
   */
  start(href: string): string | null {
    if (this.phase.kind !== "starting") return null;
    const { token: fromUrl, cleanUrl } = takeTokenFromUrl(href);
    const token = fromUrl ?? readStoredToken(this.storage, this.slug);
    if (token) this.enter(token);
    else this.set({ kind: "signed-out", notice: null });
    return cleanUrl;
  }

  enter(token: string): void {
    storeToken(this.storage, this.slug, token);
    this.set({ kind: "signed-in", token });
  }

  /** Back to sign-in with a notice; the token that was in use (null if none: already left). */
  leave(notice: string | null): string | null {
    if (this.phase.kind !== "signed-in") return null;
    const { token } = this.phase;
    forgetToken(this.storage, this.slug);
    this.set({ kind: "signed-out", notice });
    return token;
  }
}

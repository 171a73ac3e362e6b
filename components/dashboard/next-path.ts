// Where sign-in may send the merchant afterwards. `next` comes from the URL, so anyone can write
// it: only a path under /dashboard on this site is followed (no open redirect). The value is
// resolved as the browser would resolve it (dot segments, backslashes as slashes) and the
// resolved path is returned, so what was checked is what is visited.

const SITE = "https://dashboard.invalid";

function hasUnsafeCharacter(value: string): boolean {
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || char === "\\") return true;
  }
  return false;
}

/** The dashboard path to open after sign-in, or null when `next` is missing or leaves the dashboard. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2048) return null;
  // Only a site-absolute path: not `//host`, `/\host` (browsers read `\` as `/`), a scheme, or
  // control characters and spaces that URL parsing silently drops.
  if (!next.startsWith("/") || next[1] === "/" || next[1] === "\\") return null;
  if (hasUnsafeCharacter(next)) return null;
  let url: URL;
  try {
    url = new URL(next, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  if (url.pathname !== "/dashboard" && !url.pathname.startsWith("/dashboard/")) return null;
  if (url.pathname.startsWith("/dashboard/sign-in")) return null;
  return url.pathname + url.search + url.hash;
}

/** The sign-in page that returns to `path` afterwards. */
export function signInPath(path: string): string {
  const next = safeNextPath(path);
  return next ? `/dashboard/sign-in?next=${encodeURIComponent(next)}` : "/dashboard/sign-in";
}

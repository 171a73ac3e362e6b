// Organization slugs: the dashboard's URL segment (/dashboard/<slug>), so lower-case letters,
// digits and dashes only, and never the name of a dashboard page that sits beside it. Pure (no
// Node import): the setup form suggests a slug from the name as the merchant types.

/** 1 to 64 characters; no dash first or last. */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

/** Segments of /dashboard/ that are pages, not organizations. */
export const RESERVED_SLUGS: readonly string[] = [
  "sign-in",
  "sign-out",
  "setup",
  "new",
  "settings",
  // The signed-out password pages (docs/accounts.md).
  "forgot-password",
  "reset-password",
];

export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64)
    .replace(/-+$/, "");
  return slug && !RESERVED_SLUGS.includes(slug) ? slug : "organization";
}

// Free-text `query` filters: a case-insensitive substring match. Prisma passes `contains` into
// LIKE unescaped, so `%` and `_` typed by a user would be wildcards (a `%` would match everything).
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/** A Prisma string condition: the column contains `text`, ignoring case, wildcards taken literally. */
export function containsText(text: string) {
  return { contains: likeLiteral(text), mode: "insensitive" as const };
}

// Free-text `query` filters: a case-insensitive substring match. Prisma passes `contains` into
// LIKE unescaped, so `%` and `_` typed by a user would be wildcards (a `%` would match everything).
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/** A Prisma string condition: the column contains `text`, ignoring case, wildcards taken literally. */
export function containsText(text: string) {
  return { contains: likeLiteral(text), mode: "insensitive" as const };
}

/** A Prisma condition: one of `columns` contains `text` (as containsText); none without a text. */
export function anyContains<C extends string>(columns: readonly C[], text: string | undefined) {
  if (!text) return undefined;
  return {
    OR: columns.map(
      (column) => ({ [column]: containsText(text) }) as Partial<Record<C, ReturnType<typeof containsText>>>,
    ),
  };
}

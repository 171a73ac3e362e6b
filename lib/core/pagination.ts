// Lists (docs/api.md §5): page/limit with limit clamped to 100, the {items, pagination}
// envelope, and multi-criteria `sorting` with a `-` prefix for descending order.
import { z } from "zod";
import { INT4_MAX, queryInt, queryList } from "./validation";

export const MAX_LIMIT = 100;
/** The last page that can be asked for: its offset still fits a PostgreSQL integer. */
export const MAX_PAGE = Math.floor(INT4_MAX / MAX_LIMIT);

export const paginationQuery = {
  page: queryInt().pipe(z.number().int().positive().max(MAX_PAGE)).default(1),
  limit: queryInt()
    .pipe(z.number().int().positive())
    .default(10)
    .transform((limit) => Math.min(limit, MAX_LIMIT)),
};

export type PageParams = { page: number; limit: number };

export type Page<T> = { items: T[]; pagination: { total_count: number; max_page: number } };

export function pageOf<T>(items: T[], totalCount: number, { limit }: PageParams): Page<T> {
  return { items, pagination: { total_count: totalCount, max_page: Math.ceil(totalCount / limit) } };
}

export function skipTake({ page, limit }: PageParams) {
  return { skip: (page - 1) * limit, take: limit };
}

export type SortCriterion<F extends string> = { field: F; direction: "asc" | "desc" };

/**
 * `?sorting=-amount&sorting=created_at` → [{amount, desc}, {created_at, asc}]. An unknown criterion
 * is 422 `enum` at ["query", "sorting", index].
 */
export function sortingQuery<const F extends string>(fields: readonly F[], defaults: readonly string[]) {
  const allowed = fields.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];
  return queryList(z.enum(allowed))
    .transform((values) => (values && values.length ? values : [...defaults]))
    .transform((values) =>
      values.map((value): SortCriterion<F> =>
        value.startsWith("-")
          ? { field: value.slice(1) as F, direction: "desc" }
          : { field: value as F, direction: "asc" },
      ),
    );
}

/** A repeatable filter as a Prisma condition: values OR-ed, no condition when none were given. */
export function oneOf<T>(values: T[] | undefined): { in: T[] } | undefined {
  return values?.length ? { in: values } : undefined;
}

"use client";
// List views keep their filters, sorting and page in the URL, so a view can be shared and survives
// a reload. Values are read from and written to the query string; defaults are left out of it.
import { useCallback } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

export type UrlPatch = Record<string, string | number | readonly string[] | null | undefined>;

export function useUrlState() {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();

  const get = useCallback((key: string): string | null => params.get(key), [params]);
  const getAll = useCallback((key: string): string[] => params.getAll(key), [params]);

  /** Applies the patch (null or "" removes a key); any change but `page` goes back to page 1. */
  const update = useCallback(
    (patch: UrlPatch) => {
      const next = new URLSearchParams(params.toString());
      for (const [key, value] of Object.entries(patch)) {
        next.delete(key);
        if (value === null || value === undefined || value === "") continue;
        if (Array.isArray(value)) for (const item of value) next.append(key, item);
        else next.set(key, String(value));
      }
      if (!("page" in patch)) next.delete("page");
      const search = next.toString();
      router.push(search ? `${pathname}?${search}` : pathname, { scroll: false });
    },
    [params, pathname, router],
  );

  return { get, getAll, update, search: params.toString() };
}

/** A positive page number from the URL, 1 when missing or malformed. */
export function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

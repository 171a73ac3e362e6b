import { describe, expect, it } from "vitest";
import { CLEAR_FILTERS, hasFilters, limitParam, listParams, readOrdersView, sortingParam } from "./view";

function reader(search: string) {
  const params = new URLSearchParams(search);
  return { get: (key: string) => params.get(key), getAll: (key: string) => params.getAll(key) };
}

describe("orders view in the URL", () => {
  it("defaults to newest first, page 1, 20 per page, no filters", () => {
    const view = readOrdersView(reader(""));
    expect(view).toEqual({
      productPriceType: null,
      productId: null,
      discountId: null,
      customerId: null,
      query: null,
      sorting: ["-created_at"],
      page: 1,
      limit: 20,
    });
    expect(hasFilters(view)).toBe(false);
  });

  it("reads filters, every sorting criterion in order, page and page size", () => {
    const view = readOrdersView(
      reader(
        "product_price_type=recurring&product_id=p&query=+ada+&sorting=-amount&sorting=created_at&page=3&limit=50",
      ),
    );
    expect(view).toMatchObject({
      productPriceType: "recurring",
      productId: "p",
      query: "ada",
      sorting: ["-amount", "created_at"],
      page: 3,
      limit: 50,
    });
    expect(hasFilters(view)).toBe(true);
    expect(listParams("org", view)).toEqual({
      organization_id: "org",
      product_price_type: "recurring",
      product_id: "p",
      discount_id: undefined,
      customer_id: undefined,
      query: "ada",
      sorting: ["-amount", "created_at"],
      page: 3,
      limit: 50,
    });
  });

  it("falls back to defaults on malformed values", () => {
    const view = readOrdersView(reader("product_price_type=weekly&sorting=-secret&page=-2&limit=500"));
    expect(view).toMatchObject({ productPriceType: null, sorting: ["-created_at"], page: 1, limit: 20 });
    expect(readOrdersView(reader("page=1.5&limit=abc"))).toMatchObject({ page: 1, limit: 20 });
    expect(readOrdersView(reader("limit=2")).limit).toBe(2);
  });

  it("keeps the defaults out of the URL", () => {
    expect(sortingParam(["-created_at"])).toBeNull();
    expect(sortingParam(["-amount", "-created_at"])).toEqual(["-amount", "-created_at"]);
    expect(sortingParam(["created_at"])).toEqual(["created_at"]);
    expect(limitParam(20)).toBeNull();
    expect(limitParam(2)).toBe(2);
  });

  it("clears every filter key", () => {
    expect(Object.keys(CLEAR_FILTERS).sort()).toEqual(
      ["customer_id", "discount_id", "product_id", "product_price_type", "query"].sort(),
    );
  });
});

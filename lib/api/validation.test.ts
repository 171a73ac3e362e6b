import { describe, expect, it } from "vitest";
import { z } from "zod";
import { paginationQuery, sortingQuery } from "./pagination";
import { id, parseWith, queryInt, queryList, searchParamsToObject } from "./validation";

const query = z.object({
  ...paginationQuery,
  product_id: queryList(id()),
  sorting: sortingQuery(["created_at", "amount"], ["-created_at"]),
});
const parse = (qs: string) => parseWith(query, searchParamsToObject(new URLSearchParams(qs)), "query");

describe("query parsing", () => {
  it("defaults page, limit and sorting", () => {
    expect(parse("")).toEqual({
      ok: true,
      data: {
        page: 1,
        limit: 10,
        product_id: undefined,
        sorting: [{ field: "created_at", direction: "desc" }],
      },
    });
  });

  it("clamps limit to 100 and reads repeated keys in order", () => {
    const result = parse(
      "limit=1000&page=3&sorting=-amount&sorting=created_at&product_id=AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA&product_id=bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb",
    );
    expect(result).toEqual({
      ok: true,
      data: {
        page: 3,
        limit: 100,
        product_id: ["aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", "bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb"],
        sorting: [
          { field: "amount", direction: "desc" },
          { field: "created_at", direction: "asc" },
        ],
      },
    });
  });

  it("reports every problem at once with the contract's types", () => {
    const result = parse("page=0&limit=abc&sorting=created_at&sorting=-nope&product_id=123");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map((p) => [p.type, p.loc, p.input])).toEqual([
      ["greater_than", ["query", "page"], 0],
      ["int_type", ["query", "limit"], "abc"],
      ["uuid_parsing", ["query", "product_id", 0], "123"],
      ["enum", ["query", "sorting", 1], "-nope"],
    ]);
  });

  it("rejects limit=0 as greater_than", () => {
    const result = parse("limit=0");
    expect(!result.ok && result.problems).toEqual([
      { type: "greater_than", loc: ["query", "limit"], msg: "Input should be greater than 0", input: 0 },
    ]);
  });
});

describe("body problems", () => {
  const body = z.object({
    email: z.email(),
    name: z.string().max(3),
    count: z.number().int().min(1).max(5),
    flag: z.boolean(),
    kind: z.enum(["a", "b"]),
  });
  it("maps zod issues to the contract's types and locs", () => {
    const result = parseWith(body, { email: "nope", name: "long", count: 9, flag: "yes" }, "body");
    expect(!result.ok && result.problems).toEqual([
      {
        type: "value_error",
        loc: ["body", "email"],
        msg: "value is not a valid email address",
        input: "nope",
      },
      {
        type: "string_too_long",
        loc: ["body", "name"],
        msg: "String should have at most 3 characters",
        input: "long",
      },
      {
        type: "less_than_equal",
        loc: ["body", "count"],
        msg: "Input should be less than or equal to 5",
        input: 9,
      },
      { type: "bool_type", loc: ["body", "flag"], msg: "Input should be a valid boolean", input: "yes" },
      { type: "missing", loc: ["body", "kind"], msg: "Field required", input: null },
    ]);
  });

  it("reads integers strictly from query strings", () => {
    expect(parseWith(queryInt(), "1.5", "query")).toMatchObject({
      ok: false,
      problems: [{ type: "int_type" }],
    });
    expect(parseWith(queryInt(), " 7 ", "query")).toEqual({ ok: true, data: 7 });
  });
});

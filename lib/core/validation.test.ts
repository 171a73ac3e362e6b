import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_PAGE, paginationQuery, sortingQuery } from "./pagination";
import {
  dateTime,
  id,
  int4,
  INT4_MAX,
  MAX_JSON_DEPTH,
  MAX_QUERY_LIST_ITEMS,
  parseWith,
  queryInt,
  queryList,
  searchParamsToObject,
  unstorableInputProblems,
} from "./validation";

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

describe("bounds every input gets", () => {
  it("refuses pages whose offset would not fit a PostgreSQL integer, and long repeated lists", () => {
    const page = parse(`page=${MAX_PAGE + 1}`);
    expect(page.ok).toBe(false);
    expect(parse(`page=${MAX_PAGE}`).ok).toBe(true);
    const many = parse(Array.from({ length: MAX_QUERY_LIST_ITEMS + 1 }, () => "sorting=amount").join("&"));
    expect(many).toMatchObject({ ok: false, problems: [{ type: "too_long", loc: ["query", "sorting"] }] });
  });

  it("keeps integers within PostgreSQL's integer", () => {
    expect(int4().safeParse(INT4_MAX).success).toBe(true);
    expect(int4().safeParse(INT4_MAX + 1).success).toBe(false);
    expect(int4().safeParse(-INT4_MAX - 2).success).toBe(false);
    expect(int4(0).safeParse(-1).success).toBe(false);
  });

  it("keeps datetimes between years 1 and 9999 in UTC", () => {
    for (const ok of ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z", "2026-11-23T10:00:00+02:00"])
      expect(dateTime.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["0000-12-31T23:59:59Z", "9999-12-31T23:00:00-05:00", "0001-01-01T00:00:00+01:00"]) {
      const result = parseWith(z.object({ at: dateTime }), { at: bad }, "body");
      expect(result, bad).toMatchObject({
        ok: false,
        problems: [
          {
            type: "value_error",
            loc: ["body", "at"],
            msg: "Datetime should be between 0001-01-01 and 9999-12-31 (UTC)",
          },
        ],
      });
    }
    // A malformed one is reported once, by the format check.
    expect(parseWith(z.object({ at: dateTime }), { at: "2026-02-30T00:00:00Z" }, "body")).toMatchObject({
      ok: false,
      problems: [{ loc: ["body", "at"] }],
    });
  });
});

describe("unstorableInputProblems", () => {
  it("finds NUL characters and unpaired surrogates anywhere, keys included", () => {
    expect(
      unstorableInputProblems({ a: "fine", b: ["x", "y\u0000"], "c\u0000": 1, d: { e: "\ud800" } }, "body"),
    ).toEqual([
      {
        type: "value_error",
        loc: ["body", "b", 1],
        msg: "Text should not contain NUL characters or unpaired surrogates",
        input: "y\u0000",
      },
      {
        type: "value_error",
        loc: ["body", "c\u0000"],
        msg: "Text should not contain NUL characters or unpaired surrogates",
        input: "c\u0000",
      },
      {
        type: "value_error",
        loc: ["body", "d", "e"],
        msg: "Text should not contain NUL characters or unpaired surrogates",
        input: "\ud800",
      },
    ]);
    expect(unstorableInputProblems({ emoji: "😀", accents: "Renée", nul: "\\u0000" }, "body")).toEqual([]);
    expect(unstorableInputProblems("a\u0000", "path")).toMatchObject([{ loc: ["path"] }]);
  });

  it("refuses JSON nested deeper than the limit without overflowing the stack", () => {
    const deep = JSON.parse("[".repeat(100_000) + "]".repeat(100_000));
    const problems = unstorableInputProblems({ a: deep }, "body");
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({
      type: "json_invalid",
      msg: `JSON should be nested at most ${MAX_JSON_DEPTH} levels deep`,
    });
    expect(problems[0]!.loc).toHaveLength(MAX_JSON_DEPTH + 1);
    const fine = JSON.parse("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH));
    expect(unstorableInputProblems(fine, "body")).toEqual([]);
  });
});

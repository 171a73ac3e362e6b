import { describe, expect, it } from "vitest";
import { z } from "zod";
import { metadataSchema } from "./metadata";
import { parseWith } from "./validation";

const body = z.object({ metadata: metadataSchema });
const problems = (metadata: unknown) => {
  const result = parseWith(body, { metadata }, "body");
  return result.ok ? [] : result.problems;
};

describe("metadata", () => {
  it("accepts strings, integers and booleans within the limits", () => {
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, i]));
    expect(problems(fifty)).toEqual([]);
    expect(problems({ ["k".repeat(40)]: "v".repeat(500), flag: true, n: -3 })).toEqual([]);
    expect(problems({})).toEqual([]);
  });

  it("reports 51 pairs as too_long at the object", () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, "v"]));
    expect(problems(many)).toEqual([
      {
        type: "too_long",
        loc: ["body", "metadata"],
        msg: "Metadata should have at most 50 items",
        input: many,
      },
    ]);
  });

  it("reports each bad key and value at its own key, all at once", () => {
    const long = "k".repeat(41);
    expect(
      problems({
        [long]: "v",
        empty: "",
        float: 1.5,
        nested: { a: 1 },
        list: [1],
        nil: null,
        big: "x".repeat(501),
      }),
    ).toEqual([
      {
        type: "string_too_long",
        loc: ["body", "metadata", long],
        msg: "Key should have at most 40 characters",
        input: long,
      },
      ...["empty", "float", "nested", "list", "nil", "big"].map((key) => ({
        type: "value_error",
        loc: ["body", "metadata", key],
        msg: "Value should be a string of 1 to 500 characters, an integer or a boolean",
        input: (
          { empty: "", float: 1.5, nested: { a: 1 }, list: [1], nil: null, big: "x".repeat(501) } as Record<
            string,
            unknown
          >
        )[key],
      })),
    ]);
  });

  it("rejects a non-object", () => {
    expect(problems("nope")).toMatchObject([{ loc: ["body", "metadata"], input: "nope" }]);
  });
});

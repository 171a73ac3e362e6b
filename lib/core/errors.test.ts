import { describe, expect, it } from "vitest";
import { ApiError, echoedInput, MAX_PROBLEMS } from "./errors";

describe("what a 422 echoes back", () => {
  it("cuts strings to 200 characters and big objects to 200 characters of their JSON", () => {
    expect(echoedInput("x".repeat(200))).toBe("x".repeat(200));
    expect(echoedInput("x".repeat(20_000_000))).toBe(`${"x".repeat(199)}…`);
    const big = { items: Array.from({ length: 1_000 }, (_, i) => i) };
    expect(echoedInput(big)).toBe(`${JSON.stringify(big).slice(0, 199)}…`);
    expect(echoedInput({ a: 1 })).toEqual({ a: 1 });
    expect(echoedInput([1, 2])).toEqual([1, 2]);
    expect(echoedInput(12)).toBe(12);
    expect(echoedInput(null)).toBeNull();
  });

  it("applies to every validation error, and keeps at most 100 problems", () => {
    const problems = Array.from({ length: 10_000 }, (_, i) => ({
      type: "string_too_long",
      loc: ["body", "items", i],
      msg: "String should have at most 10 characters",
      input: "y".repeat(10_000),
    }));
    const error = ApiError.validation(problems);
    expect(error.problems).toHaveLength(MAX_PROBLEMS);
    expect(JSON.stringify(error.body()).length).toBeLessThan(40_000);
    expect(error.problems[0]!.input).toBe(`${"y".repeat(199)}…`);
  });
});

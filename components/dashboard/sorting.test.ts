import { describe, expect, it } from "vitest";
import { directionOf, nextSorting } from "./sorting";

describe("column-header sorting", () => {
  it("a click sorts by the column alone, with its default direction", () => {
    expect(nextSorting(["-created_at"], "amount", { additive: false, defaultDirection: "desc" })).toEqual([
      "-amount",
    ]);
    expect(nextSorting(["-created_at", "amount"], "customer", { additive: false })).toEqual(["customer"]);
  });

  it("a second click on the only criterion reverses it", () => {
    expect(nextSorting(["-amount"], "amount", { additive: false })).toEqual(["amount"]);
    expect(nextSorting(["amount"], "amount", { additive: false })).toEqual(["-amount"]);
  });

  it("a click on one criterion of several keeps only that column", () => {
    expect(nextSorting(["-amount", "created_at"], "created_at", { additive: false })).toEqual(["created_at"]);
  });

  it("shift-click appends a new criterion after the others", () => {
    expect(nextSorting(["-amount"], "created_at", { additive: true })).toEqual(["-amount", "created_at"]);
    expect(nextSorting(["-amount"], "created_at", { additive: true, defaultDirection: "desc" })).toEqual([
      "-amount",
      "-created_at",
    ]);
  });

  it("shift-click on a present criterion reverses it in place", () => {
    expect(nextSorting(["-amount", "created_at"], "amount", { additive: true })).toEqual([
      "amount",
      "created_at",
    ]);
  });

  it("reads a column's direction", () => {
    expect(directionOf(["-amount", "created_at"], "amount")).toBe("desc");
    expect(directionOf(["-amount", "created_at"], "created_at")).toBe("asc");
    expect(directionOf(["-amount"], "customer")).toBeNull();
  });
});

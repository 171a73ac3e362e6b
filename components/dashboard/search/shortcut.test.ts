import { describe, expect, it } from "vitest";
import { isSearchShortcut } from "./shortcut";

const press = (overrides: Partial<Parameters<typeof isSearchShortcut>[0]> = {}) => ({
  key: "/",
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  target: { tagName: "BODY", isContentEditable: false },
  ...overrides,
});

describe("the search shortcut", () => {
  it("is a plain / outside any field", () => {
    expect(isSearchShortcut(press())).toBe(true);
    expect(isSearchShortcut(press({ target: { tagName: "A" } }))).toBe(true);
    expect(isSearchShortcut(press({ target: null }))).toBe(true);
  });

  it("leaves a / typed into a field, an editable region, or with a modifier alone", () => {
    for (const tagName of ["INPUT", "TEXTAREA", "SELECT", "input"]) {
      expect(isSearchShortcut(press({ target: { tagName } })), tagName).toBe(false);
    }
    expect(isSearchShortcut(press({ target: { tagName: "DIV", isContentEditable: true } }))).toBe(false);
    expect(isSearchShortcut(press({ ctrlKey: true }))).toBe(false);
    expect(isSearchShortcut(press({ metaKey: true }))).toBe(false);
    expect(isSearchShortcut(press({ altKey: true }))).toBe(false);
    expect(isSearchShortcut(press({ defaultPrevented: true }))).toBe(false);
    expect(isSearchShortcut(press({ key: "?" }))).toBe(false);
  });
});

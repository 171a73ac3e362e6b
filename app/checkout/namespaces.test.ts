// The hosted checkout's browser gets only some namespaces of its language's catalog (docs/i18n.md):
// every message its components read must be in one of them, or the page would print the key.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHECKOUT_NAMESPACES } from "./load-checkout";

/** The checkout's components, and the portal's one line its confirmation shows. */
const FILES = [
  ...fs
    .readdirSync("components/checkout")
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith(".test.ts"))
    .map((name) => path.join("components/checkout", name)),
  "components/portal/portal-link.tsx",
];

describe("the checkout page's messages", () => {
  it("are all in the namespaces sent with the page", () => {
    const used = new Set<string>();
    for (const file of FILES) {
      const source = fs.readFileSync(file, "utf8");
      for (const match of source.matchAll(/\b(?:t|plural)\(\s*[`"]([a-z]+)\./g)) used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(3);
    expect([...used].filter((ns) => !(CHECKOUT_NAMESPACES as readonly string[]).includes(ns))).toEqual([]);
  });
});

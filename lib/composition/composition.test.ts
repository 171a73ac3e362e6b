// The composition root is complete: every job name some domain defines has a handler in the table
// the server's start-up gives the worker, and every payment attempt kind has an outcome handler
// (docs/architecture.md, "Layers and registration"). A job left out would be retried forever with
// "No handler is registered for job"; this fails first.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PaymentAttemptKind } from "../generated/prisma/enums";
import { jobHandlers } from "./jobs";
import { paymentOutcomeHandlers } from "./payment-outcomes";

const libDir = path.resolve(import.meta.dirname, "..");

/** Every `export const …_JOB = "<name>"` in lib/ (test files and generated code aside). */
function definedJobNames(): string[] {
  const names: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "generated") walk(file);
      } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        const text = fs.readFileSync(file, "utf8");
        for (const match of text.matchAll(/export const [A-Z_]+_JOB = "([^"]+)"/g)) names.push(match[1]!);
      }
    }
  };
  walk(libDir);
  return names.sort();
}

describe("the composition root", () => {
  it("registers a handler for every job name lib/ defines, and nothing else", () => {
    const defined = definedJobNames();
    expect(defined.length).toBeGreaterThanOrEqual(14);
    expect(Object.keys(jobHandlers).sort()).toEqual(defined);
    for (const name of defined) expect(typeof jobHandlers[name]?.run, name).toBe("function");
  });

  it("has a payment outcome handler for every attempt kind", () => {
    expect(Object.keys(paymentOutcomeHandlers).sort()).toEqual(Object.values(PaymentAttemptKind).sort());
    for (const handler of Object.values(paymentOutcomeHandlers)) expect(typeof handler).toBe("function");
  });

  it("is complete whichever domain loads first (a route reaching subscriptions' payment code first)", async () => {
    // The old registry was reached through lib/payments while the domains loaded; the table is now
    // built from finished modules, whatever was imported before it.
    await import("../subscriptions/payment-method");
    await import("../subscriptions/dunning-view");
    const { jobHandlers: table } = await import("./jobs");
    for (const name of ["subscription.retry_renewal", "subscription.renew", "subscriptions.scan_renewals"]) {
      expect(typeof table[name]?.run, name).toBe("function");
    }
  });
});

// The compiled output shaper gives exactly zod's encoding, for the shapes it compiles and for the
// ones it leaves to zod.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { encodeOutput } from "./encode-output";
import { dateTime } from "./validation";
import { orderSchema } from "../orders/schemas";

const at = new Date("2026-11-23T22:16:49.123Z");

describe("encodeOutput", () => {
  it("keeps only the schema's keys, writes Dates as ISO strings, and follows nullable, arrays and records", () => {
    const schema = z.object({
      id: z.string(),
      created_at: dateTime,
      modified_at: dateTime.nullable(),
      tags: z.array(z.object({ name: z.string(), at: dateTime })),
      metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      times: z.record(z.string(), dateTime),
      note: z.string().optional(),
    });
    const value = {
      id: "x",
      created_at: at,
      modified_at: null,
      tags: [{ name: "a", at, secret: "no" }],
      metadata: { plan: "pro", seats: 3, beta: true },
      times: { first: at },
      password_hash: "never sent",
    };
    expect(encodeOutput(schema, value)).toEqual({
      id: "x",
      created_at: "2026-11-23T22:16:49.123Z",
      modified_at: null,
      tags: [{ name: "a", at: "2026-11-23T22:16:49.123Z" }],
      metadata: { plan: "pro", seats: 3, beta: true },
      times: { first: "2026-11-23T22:16:49.123Z" },
    });
    expect(JSON.stringify(encodeOutput(schema, value))).toBe(JSON.stringify(z.encode(schema, value)));
  });

  it("leaves transforms, strict objects and mixed unions to zod", () => {
    const schema = z.object({
      strict: z.strictObject({ a: z.number() }),
      either: z.union([z.object({ at: dateTime }), z.string()]),
    });
    const value = { strict: { a: 1 }, either: { at } };
    expect(encodeOutput(schema, value)).toEqual({ strict: { a: 1 }, either: { at: at.toISOString() } });
  });

  it("refuses what zod refuses (checked against zod under tests)", () => {
    expect(() => encodeOutput(orderSchema, { id: "only an id" })).toThrow();
  });
});

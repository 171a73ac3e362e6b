// The response body of a route, shaped by the route's output schema: only the schema's keys, Dates
// as ISO strings, the same JSON `z.encode(schema, value)` gives. zod's encode also re-validates
// every value it writes (each date codec runs its format regex and refine backwards), which
// measured 0.3–0.4 ms of CPU per order: a third of the route's own work. So each schema is compiled
// once into a plain function for the shapes the API's schemas use (objects, arrays, nullable,
// records, primitives, the dateTime codec); any other part of a schema (a transform, a strict
// object, a recursive schema) is still encoded by zod, so the result never differs.
//
// Under tests (NODE_ENV=test), every body is also encoded by zod and compared: each integration
// test that reads a response checks the compiled shaper against zod.
import { z } from "zod";
import { dateTime } from "./validation";

type Shaper = (value: unknown) => unknown;

const identity: Shaper = (value) => value;
const compiled = new WeakMap<z.ZodType, Shaper>();
const CHECK_AGAINST_ZOD = process.env.NODE_ENV === "test";

/** `z.encode(schema, value)`, as plain JSON-ready data. */
export function encodeOutput(schema: z.ZodType, value: unknown): unknown {
  const shaped = shaperOf(schema)(value);
  if (CHECK_AGAINST_ZOD) {
    const expected = JSON.stringify(z.encode(schema, value));
    const actual = JSON.stringify(shaped);
    if (expected !== actual) {
      throw new Error(`The compiled output shaper differs from z.encode:\n${actual}\n${expected}`);
    }
  }
  return shaped;
}

function shaperOf(schema: z.ZodType): Shaper {
  let shaper = compiled.get(schema);
  if (!shaper) {
    shaper = compile(schema);
    compiled.set(schema, shaper);
  }
  return shaper;
}

// The parts of zod's definitions this reads (zod 4's `_zod.def`).
type Def = {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
};

const PASS_THROUGH = new Set(["string", "number", "boolean", "enum", "literal", "unknown", "any", "null"]);

function compile(schema: z.ZodType): Shaper {
  const byZod: Shaper = (value) => z.encode(schema, value);
  if (schema === dateTime) {
    return (value) => (value instanceof Date ? value.toISOString() : byZod(value));
  }
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  if (PASS_THROUGH.has(def.type)) return identity;
  switch (def.type) {
    case "nullable": {
      const inner = shaperOf(def.innerType!);
      return inner === identity ? identity : (value) => (value === null ? null : inner(value));
    }
    case "optional": {
      const inner = shaperOf(def.innerType!);
      return inner === identity ? identity : (value) => (value === undefined ? undefined : inner(value));
    }
    case "union": {
      // Only unions of pass-through options (e.g. metadata values): anything else is zod's to pick.
      return def.options!.every((option) => shaperOf(option) === identity) ? identity : byZod;
    }
    case "array": {
      const element = shaperOf(def.element!);
      return (value) => (Array.isArray(value) ? value.map(element) : byZod(value));
    }
    case "record": {
      const values = shaperOf(def.valueType!);
      if (shaperOf(def.keyType!) !== identity) return byZod;
      if (values === identity) {
        return (value) => (isPlainObject(value) ? value : byZod(value));
      }
      return (value) => {
        if (!isPlainObject(value)) return byZod(value);
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(value)) out[key] = values(value[key]);
        return out;
      };
    }
    case "object": {
      // A default (stripping) object only: loose and strict objects are zod's.
      if (def.catchall) return byZod;
      const fields = Object.entries(def.shape!).map(([key, field]) => [key, shaperOf(field)] as const);
      return (value) => {
        if (!isPlainObject(value)) return byZod(value);
        const out: Record<string, unknown> = {};
        for (const [key, field] of fields) {
          const item = value[key];
          if (item !== undefined) out[key] = field(item);
        }
        return out;
      };
    }
    default:
      return byZod;
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

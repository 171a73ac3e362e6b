// Turns zod issues into the contract's 422 problems (`type`, `loc`, `msg`, `input`), and holds the
// small schema helpers that make query strings and path parameters parse the way clients expect.
import { z } from "zod";
import type { Problem } from "./errors";

type Where = "body" | "query" | "path";

/** PostgreSQL `integer`: every integer column fed from input is bounded by it. */
export const INT4_MAX = 2_147_483_647;

/** How deep a JSON body may nest: deeper than any resource needs, shallow enough to walk and echo. */
export const MAX_JSON_DEPTH = 32;

/** Values a repeatable query parameter may carry. */
export const MAX_QUERY_LIST_ITEMS = 100;

// A lone half of a UTF-16 surrogate pair: JSON can carry it (`"\ud800"`), UTF-8 and jsonb cannot.
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text PostgreSQL can store: no NUL character (text and jsonb refuse 0x00), no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes("\u0000") && !UNPAIRED_SURROGATE.test(text);
}

const MAX_UNSTORABLE_PROBLEMS = 20;

/**
 * What no schema should have to think about, found anywhere in a path, query or body value (keys
 * included): text PostgreSQL cannot store, and JSON nested deeper than MAX_JSON_DEPTH. Walked with
 * an explicit stack, so a hostile body cannot overflow ours.
 */
export function unstorableInputProblems(value: unknown, where: Where): Problem[] {
  const problems: Problem[] = [];
  const textProblem = (loc: Problem["loc"], input: string): Problem => ({
    type: "value_error",
    loc,
    msg: "Text should not contain NUL characters or unpaired surrogates",
    input,
  });
  const stack: { value: unknown; path: (string | number)[]; key?: string }[] = [{ value, path: [] }];
  while (stack.length && problems.length < MAX_UNSTORABLE_PROBLEMS) {
    const { value, path, key } = stack.pop()!;
    if (key !== undefined && !isStorableText(key)) {
      problems.push(textProblem([where, ...path], key));
      continue;
    }
    if (typeof value === "string") {
      if (!isStorableText(value)) problems.push(textProblem([where, ...path], value));
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (path.length >= MAX_JSON_DEPTH) {
      problems.push({
        type: "json_invalid",
        loc: [where, ...path],
        msg: `JSON should be nested at most ${MAX_JSON_DEPTH} levels deep`,
        input: null,
      });
      continue;
    }
    const children = Array.isArray(value)
      ? value.map((item, index) => ({ value: item as unknown, path: [...path, index] }))
      : Object.entries(value).map(([name, item]) => ({ value: item, path: [...path, name], key: name }));
    // Pushed in reverse so problems come out in document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return problems;
}

function typeFor(issue: z.core.$ZodIssue, input: unknown): { type: string; msg: string } {
  if (input === undefined && (issue.code === "invalid_type" || issue.code === "invalid_value")) {
    return { type: "missing", msg: "Field required" };
  }
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "string") return { type: "string_type", msg: "Input should be a valid string" };
      if (issue.expected === "number" || issue.expected === "int")
        return { type: "int_type", msg: "Input should be a valid integer" };
      if (issue.expected === "boolean") return { type: "bool_type", msg: "Input should be a valid boolean" };
      if (issue.expected === "object" || issue.expected === "record")
        return { type: "model_attributes_type", msg: "Input should be a valid object" };
      if (issue.expected === "array") return { type: "list_type", msg: "Input should be a valid list" };
      return { type: "value_error", msg: issue.message };
    case "too_big":
      if (issue.origin === "string")
        return { type: "string_too_long", msg: `String should have at most ${issue.maximum} characters` };
      if (issue.origin === "number" || issue.origin === "int")
        return issue.inclusive
          ? { type: "less_than_equal", msg: `Input should be less than or equal to ${issue.maximum}` }
          : { type: "less_than", msg: `Input should be less than ${issue.maximum}` };
      return { type: "too_long", msg: `Should have at most ${issue.maximum} items` };
    case "too_small":
      if (issue.origin === "string")
        return { type: "string_too_short", msg: `String should have at least ${issue.minimum} characters` };
      if (issue.origin === "number" || issue.origin === "int")
        return issue.inclusive
          ? { type: "greater_than_equal", msg: `Input should be greater than or equal to ${issue.minimum}` }
          : { type: "greater_than", msg: `Input should be greater than ${issue.minimum}` };
      return { type: "too_short", msg: `Should have at least ${issue.minimum} items` };
    case "invalid_format":
      if (issue.format === "uuid" || issue.format === "guid")
        return { type: "uuid_parsing", msg: "Input should be a valid UUID" };
      if (issue.format === "email") return { type: "value_error", msg: "value is not a valid email address" };
      return { type: "value_error", msg: issue.message };
    case "invalid_value":
      return {
        type: "enum",
        msg: `Input should be ${issue.values.map((v) => `'${String(v)}'`).join(", ")}`,
      };
    case "custom": {
      const params = (issue.params ?? {}) as { type?: string };
      return { type: params.type ?? "value_error", msg: issue.message };
    }
    default:
      return { type: "value_error", msg: issue.message };
  }
}

export function problemsFrom(error: z.ZodError, where: Where): Problem[] {
  return error.issues.map((issue) => {
    const input = (issue as { input?: unknown }).input;
    const { type, msg } = typeFor(issue, input);
    return {
      type,
      loc: [where, ...issue.path.map((p) => (typeof p === "symbol" ? String(p) : p))],
      msg,
      input: input === undefined ? null : input,
    };
  });
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: Where,
): { ok: true; data: z.output<S> } | { ok: false; problems: Problem[] } {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, problems: problemsFrom(result.error, where) };
}

/** URLSearchParams as an object; a key given several times becomes an array. */
export function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

// --- schema helpers --------------------------------------------------------------------------

const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A lowercase UUID of any version; malformed ones are 422 uuid_parsing. */
export const id = () =>
  z
    .string()
    .refine((v) => UUID_PATTERN.test(v), {
      params: { type: "uuid_parsing" },
      message: "Input should be a valid UUID",
    })
    .transform((v) => v.toLowerCase());

/** An integer that fits a PostgreSQL `integer` column, within [min, INT4_MAX]. */
export const int4 = (min = -INT4_MAX - 1) => z.number().int().min(min).max(INT4_MAX);

/** An integer query parameter: "12" parses, "twelve" is 422 int_type. */
export const queryInt = () =>
  z.preprocess((v) => (typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : v), z.number().int());

/** A filter that accepts one value or the key repeated; always parses to an array. */
export const queryList = <T extends z.ZodType>(item: T) =>
  z
    .preprocess(
      (v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]),
      z.array(item).max(MAX_QUERY_LIST_ITEMS),
    )
    .optional();

// PostgreSQL has no year 0 and JavaScript writes years past 9999 as "+010000": outside these
// bounds an instant can be parsed but not stored.
const EARLIEST_INSTANT = Date.parse("0001-01-01T00:00:00.000Z");
const LATEST_INSTANT = Date.parse("9999-12-31T23:59:59.999Z");

/** An instant between 0001-01-01 and 9999-12-31 (UTC), the range every layer can store. */
export function isStorableInstant(date: Date): boolean {
  const time = date.getTime();
  return time >= EARLIEST_INSTANT && time <= LATEST_INSTANT;
}

/** ISO 8601 datetime on the wire, Date in code; always written with milliseconds and Z. */
export const dateTime = z.codec(
  // A malformed string is the format check's to report, once.
  z.iso
    .datetime({ offset: true })
    .refine((s) => Number.isNaN(Date.parse(s)) || isStorableInstant(new Date(s)), {
      message: "Datetime should be between 0001-01-01 and 9999-12-31 (UTC)",
    }),
  z.date(),
  {
    decode: (s) => new Date(s),
    encode: (d) => d.toISOString(),
  },
);

/** A boolean query parameter: "true"/"false" (also 1/0); anything else is 422 bool_type. */
export const queryBoolean = () =>
  z.preprocess(
    (v) => (v === "true" || v === "1" ? true : v === "false" || v === "0" ? false : v),
    z.boolean({ error: "Input should be a valid boolean" }),
  );

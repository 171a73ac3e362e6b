// Form-encoded parameters as the stripe package sends them (`a[b][c]=x`, `a[0]=x`, `expand[]=x`),
// parsed into nested plain objects, and typed readers that refuse bad values the way Stripe does.
import { invalidRequest } from "./errors";

export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

/** Parses `application/x-www-form-urlencoded` (a body or a query string). */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) throw invalidRequest(`Invalid parameter name: ${rawKey}`, { param: rawKey });
    const segments = [
      match[1] as string,
      ...[...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? ""),
    ];
    assign(root, segments, value, rawKey);
  }
  return root;
}

function assign(container: Params | ParamValue[], segments: string[], value: string, rawKey: string): void {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  const key: string | number = Array.isArray(container)
    ? head === ""
      ? container.length
      : Number(head)
    : head;
  if (Array.isArray(container) && (!Number.isInteger(key) || (key as number) < 0)) {
    throw invalidRequest(`Invalid array index in ${rawKey}`, { param: rawKey });
  }
  const slots = container as Record<string | number, ParamValue | undefined>;
  if (rest.length === 0) {
    slots[key] = value;
    return;
  }
  const nextIsArray = rest[0] === "" || /^\d+$/.test(rest[0] ?? "");
  let child = slots[key];
  if (child === undefined || typeof child === "string") {
    child = nextIsArray ? [] : {};
    slots[key] = child;
  }
  assign(child, rest, value, rawKey);
}

/** Refuses a top-level parameter the endpoint does not know, as Stripe does (`parameter_unknown`). */
export function allowOnly(params: Params, allowed: readonly string[]): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw invalidRequest(`Received unknown parameter: ${key}`, { param: key, code: "parameter_unknown" });
    }
  }
}

/** Reads a nested value by path: `read(params, "payment_method_options", "card", "request_three_d_secure")`. */
export function read(params: Params, ...path: string[]): ParamValue | undefined {
  let current: ParamValue | undefined = params;
  for (const key of path) {
    if (current === undefined || typeof current === "string" || Array.isArray(current)) return undefined;
    current = current[key];
  }
  return current;
}

export function optionalString(params: Params, ...path: string[]): string | undefined {
  const value = read(params, ...path);
  if (value === undefined) return undefined;
  if (typeof value !== "string")
    throw invalidRequest(`Invalid string: ${path.join(".")}`, { param: paramName(path) });
  return value;
}

export function requiredString(params: Params, ...path: string[]): string {
  const value = optionalString(params, ...path);
  if (value === undefined || value === "") {
    throw invalidRequest(`Missing required param: ${paramName(path)}.`, {
      param: paramName(path),
      code: "parameter_missing",
    });
  }
  return value;
}

export function optionalInteger(params: Params, ...path: string[]): number | undefined {
  const value = optionalString(params, ...path);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw invalidRequest(`Invalid integer: ${value}`, {
      param: paramName(path),
      code: "parameter_invalid_integer",
    });
  }
  return Number(value);
}

export function optionalBoolean(params: Params, ...path: string[]): boolean | undefined {
  const value = optionalString(params, ...path);
  if (value === undefined) return undefined;
  if (value !== "true" && value !== "false") {
    throw invalidRequest(`Invalid boolean: ${value}`, { param: paramName(path) });
  }
  return value === "true";
}

export function metadataParam(params: Params): Record<string, string> {
  const value = read(params, "metadata");
  if (value === undefined || value === "") return {};
  if (typeof value === "string" || Array.isArray(value))
    throw invalidRequest("Invalid metadata", { param: "metadata" });
  const metadata: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== "string")
      throw invalidRequest("Invalid metadata value", { param: `metadata[${key}]` });
    metadata[key] = entry;
  }
  return metadata;
}

/** `expand[]=x` or `expand[0]=x`, checked against what the endpoint can expand. */
export function expandParam(params: Params, expandable: readonly string[]): string[] {
  const value = read(params, "expand");
  if (value === undefined) return [];
  const list = typeof value === "string" ? [value] : Array.isArray(value) ? value : Object.values(value);
  return list.map((entry) => {
    if (typeof entry !== "string" || !expandable.includes(entry)) {
      throw invalidRequest(`This property cannot be expanded (${String(entry)}).`, { param: "expand" });
    }
    return entry;
  });
}

/** A stable text of the parameters, to compare an idempotent retry with the first request. */
export function canonicalParams(params: ParamValue): string {
  if (typeof params === "string") return JSON.stringify(params);
  if (Array.isArray(params)) return `[${params.map(canonicalParams).join(",")}]`;
  const keys = Object.keys(params).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalParams(params[key] as ParamValue)}`).join(",")}}`;
}

function paramName(path: string[]): string {
  const [head, ...rest] = path;
  return `${head ?? ""}${rest.map((part) => `[${part}]`).join("")}`;
}

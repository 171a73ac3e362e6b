// Example values made from a JSON Schema of the OpenAPI document, for the API reference's example
// requests, responses and webhook payloads (docs/api-reference.md). Deterministic: the same
// schema always gives the same example, so the page is the same on every build. A schema's own
// `examples` (or `default`, `const`, first `enum` value) wins over what is made up here.

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  examples?: unknown[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  description?: string;
  $ref?: string;
};

/** Resolves `#/components/schemas/X` (the only references the document has). */
export type Resolve = (ref: string) => JsonSchema | undefined;

const EXAMPLE_ID = "7d6b3b0e-2f6c-4a8e-9d3a-5b1f0c8e4a21";
const EXAMPLE_TIME = "2030-01-15T09:30:00.000Z";
const MAX_DEPTH = 8;

function stringExample(schema: JsonSchema, name: string): string {
  const byFormat: Record<string, string> = {
    uuid: EXAMPLE_ID,
    "date-time": EXAMPLE_TIME,
    date: EXAMPLE_TIME.slice(0, 10),
    email: "buyer@example.com",
    uri: "https://example.com/",
    url: "https://example.com/",
    binary: "<file>",
  };
  if (schema.format && byFormat[schema.format]) return byFormat[schema.format]!;
  const byName: [RegExp, string][] = [
    [/(^|_)id$/, EXAMPLE_ID],
    [/email/, "buyer@example.com"],
    [/currency/, "usd"],
    [/url$/, "https://example.com/"],
    [/(^|_)country$/, "US"],
    [/(^|_)name$/, "Example"],
    [/(_at|^timestamp)$/, EXAMPLE_TIME],
  ];
  const made = byName.find(([pattern]) => pattern.test(name))?.[1] ?? "string";
  const min = schema.minLength ?? 0;
  const padded = made.length < min ? made.padEnd(min, "x") : made;
  return schema.maxLength !== undefined ? padded.slice(0, schema.maxLength) : padded;
}

function numberExample(schema: JsonSchema, name: string): number {
  const low =
    schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const guess = /amount|price|total|revenue/.test(name) ? 4900 : 1;
  const value = low !== undefined && guess < low ? low : guess;
  return schema.maximum !== undefined && value > schema.maximum ? schema.maximum : value;
}

const firstType = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? (schema.type.find((t) => t !== "null") ?? "null") : schema.type;

/** An example value of `schema`; `name` is the property's name, a hint for plain strings. */
export function exampleOf(
  schema: JsonSchema | undefined,
  resolve: Resolve = () => undefined,
  name = "",
  depth = 0,
): unknown {
  if (!schema || depth > MAX_DEPTH) return null;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.$ref) return exampleOf(resolve(schema.$ref), resolve, name, depth + 1);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) {
    const choice = choices.find((option) => firstType(option) !== "null") ?? choices[0];
    return exampleOf(choice, resolve, name, depth + 1);
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => exampleOf(part, resolve, name, depth + 1)));
  }
  switch (firstType(schema) ?? (schema.properties ? "object" : undefined)) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          exampleOf(property, resolve, key, depth + 1),
        ]),
      );
    case "array":
      if (schema.prefixItems)
        return schema.prefixItems.map((item) => exampleOf(item, resolve, name, depth + 1));
      return schema.maxItems === 0
        ? []
        : [exampleOf(schema.items, resolve, name.replace(/s$/, ""), depth + 1)];
    case "string":
      return stringExample(schema, name);
    case "integer":
    case "number":
      return numberExample(schema, name);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return null;
  }
}

/** A resolver for the document's `#/components/schemas/…` references. */
export function componentResolver(document: { components?: { schemas?: Record<string, unknown> } }): Resolve {
  return (ref) => {
    const match = /^#\/components\/schemas\/(.+)$/.exec(ref);
    return match ? (document.components?.schemas?.[match[1]!] as JsonSchema | undefined) : undefined;
  };
}

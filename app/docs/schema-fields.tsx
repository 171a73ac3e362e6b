// A JSON Schema as a list of fields: name, type, required, limits and description, nested
// objects folded under their field. Styled by ./reference.css (thousands of fields: one class, not
// one per element, keeps the page's HTML small).
import type { JsonSchema } from "@/lib/api/openapi-example";
import { Markdown } from "./markdown";

const MAX_NESTING = 1;

export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return schema.$ref.split("/").pop() ?? "object";
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return [...new Set(choices.map(typeOf))].join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array") {
    const item = typeOf(schema.items);
    return item.includes(" | ") ? `(${item})[]` : `${item}[]`;
  }
  if (type === "string" && schema.format) return `string (${schema.format})`;
  return type ?? (schema.properties ? "object" : "any");
}

// zod's integers carry the safe-integer bounds: not a limit worth showing.
const shown = (bound: number | undefined) => bound !== undefined && Math.abs(bound) < Number.MAX_SAFE_INTEGER;

function limits(schema: JsonSchema): string {
  const parts = [
    schema.minLength !== undefined && `≥ ${schema.minLength} chars`,
    schema.maxLength !== undefined && `≤ ${schema.maxLength} chars`,
    shown(schema.minimum) && `≥ ${schema.minimum}`,
    shown(schema.exclusiveMinimum) && `> ${schema.exclusiveMinimum}`,
    shown(schema.maximum) && `≤ ${schema.maximum}`,
    schema.minItems !== undefined && `≥ ${schema.minItems} items`,
    schema.maxItems !== undefined && `≤ ${schema.maxItems} items`,
  ];
  return parts.filter(Boolean).join(", ");
}

/** The object inside a field, if any: itself, its array items, or the non-null choice. */
function nestedObject(schema: JsonSchema): JsonSchema | undefined {
  if (schema.properties) return schema;
  if (schema.items) return nestedObject(schema.items);
  const choices = schema.anyOf ?? schema.oneOf;
  return choices?.map(nestedObject).find(Boolean);
}

export type Field = { name: string; schema: JsonSchema; required: boolean; description?: string };

/** `output`: a response's fields, always present (null when empty), so none is marked required. */
export const fieldsOf = (schema: JsonSchema, output = false): Field[] =>
  Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    schema: property,
    required: !output && (schema.required ?? []).includes(name),
  }));

function FieldItems({ fields, depth, output }: { fields: Field[]; depth: number; output: boolean }) {
  return (
    <ul>
      {fields.map((field) => {
        const nested = depth < MAX_NESTING ? nestedObject(field.schema) : undefined;
        const bounds = limits(field.schema);
        const description = field.description ?? field.schema.description;
        return (
          <li key={field.name}>
            <code>{field.name}</code>
            <span data-type="">{typeOf(field.schema)}</span>
            {field.required ? <span data-required="">required</span> : null}
            {bounds ? <span data-limits="">{bounds}</span> : null}
            {description ? (
              <Markdown text={description} className="text-zinc-600 dark:text-zinc-400" />
            ) : null}
            {nested ? (
              // A wrapper (a list page, a webhook's envelope) shows what it wraps at once.
              <details open={depth === 0 && fields.length <= 4}>
                <summary>fields</summary>
                <FieldItems fields={fieldsOf(nested, output)} depth={depth + 1} output={output} />
              </details>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

export function FieldList({ fields, output = false }: { fields: Field[]; output?: boolean }) {
  if (fields.length === 0) return <p className="mt-1 text-sm text-zinc-500">No fields.</p>;
  return (
    <div className="fields">
      <FieldItems fields={fields} depth={0} output={output} />
    </div>
  );
}

/** A schema: its fields when it is an object, else its type (a list's items, a file). */
export function SchemaView({ schema, output = false }: { schema: JsonSchema; output?: boolean }) {
  const object = nestedObject(schema);
  if (!object) return <p className="mt-1 font-mono text-xs text-zinc-500">{typeOf(schema)}</p>;
  return (
    <>
      {object !== schema ? <p className="mt-1 font-mono text-xs text-zinc-500">{typeOf(schema)}</p> : null}
      <FieldList fields={fieldsOf(object, output)} output={output} />
    </>
  );
}

// A JSON Schema as a list of fields: name, type, required, limits and description, nested
// objects under their field (folded past the first level, to keep long resources readable).
import type { JsonSchema } from "@/lib/api/openapi-example";
import { Markdown } from "./markdown";

const MAX_NESTING = 4;

export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema) return "any";
  if (schema.$ref) return schema.$ref.split("/").pop() ?? "object";
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return [...new Set(choices.map(typeOf))].join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array") return `${typeOf(schema.items)}[]`;
  if (type === "string" && schema.format) return `string (${schema.format})`;
  return type ?? (schema.properties ? "object" : "any");
}

function limits(schema: JsonSchema): string {
  const parts = [
    schema.minLength !== undefined && `≥ ${schema.minLength} chars`,
    schema.maxLength !== undefined && `≤ ${schema.maxLength} chars`,
    schema.minimum !== undefined && `≥ ${schema.minimum}`,
    schema.exclusiveMinimum !== undefined && `> ${schema.exclusiveMinimum}`,
    schema.maximum !== undefined && `≤ ${schema.maximum}`,
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

export const fieldsOf = (schema: JsonSchema): Field[] =>
  Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    schema: property,
    required: (schema.required ?? []).includes(name),
  }));

export function FieldList({ fields, depth = 0 }: { fields: Field[]; depth?: number }) {
  if (fields.length === 0) return <p className="mt-1 text-sm text-zinc-500">No fields.</p>;
  return (
    <ul
      className={`mt-1 space-y-1 text-sm ${depth > 0 ? "border-l border-zinc-200 pl-3 dark:border-zinc-800" : ""}`}
    >
      {fields.map((field) => {
        const nested = depth < MAX_NESTING ? nestedObject(field.schema) : undefined;
        const bounds = limits(field.schema);
        const description = field.description ?? field.schema.description;
        return (
          <li key={field.name} className="min-w-0 break-words">
            <code className="font-mono text-[13px] font-semibold">{field.name}</code>{" "}
            <span className="font-mono text-xs text-zinc-500">{typeOf(field.schema)}</span>
            {field.required ? <span className="ml-1 text-xs text-rose-600">required</span> : null}
            {bounds ? <span className="ml-1 text-xs text-zinc-500">{bounds}</span> : null}
            {description ? (
              <Markdown text={description} className="text-zinc-600 dark:text-zinc-400" />
            ) : null}
            {nested ? (
              depth === 0 ? (
                <FieldList fields={fieldsOf(nested)} depth={depth + 1} />
              ) : (
                <details>
                  <summary className="cursor-pointer text-xs text-zinc-500">fields</summary>
                  <FieldList fields={fieldsOf(nested)} depth={depth + 1} />
                </details>
              )
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** A schema: its fields when it is an object, else its type (a list's items, a file). */
export function SchemaView({ schema }: { schema: JsonSchema }) {
  const object = nestedObject(schema);
  if (!object) return <p className="mt-1 font-mono text-xs text-zinc-500">{typeOf(schema)}</p>;
  return (
    <>
      {object !== schema ? <p className="mt-1 font-mono text-xs text-zinc-500">{typeOf(schema)}</p> : null}
      <FieldList fields={fieldsOf(object)} />
    </>
  );
}

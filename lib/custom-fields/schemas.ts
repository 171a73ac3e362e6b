// Custom fields: the questions a product asks its buyers at checkout. One zod schema per shape:
// the API's output, the create/update bodies, and each type's `properties`, which accept exactly
// what the checkout can check answers against (lib/checkout/custom-fields.ts).
import { z } from "zod";
import type { AttachedCustomField, CustomField } from "../generated/prisma/client";
import { timestamps } from "../core/schemas";
import { boundedJsonObject, metadataOut, metadataSchema, FREE_FORM_MAX_BYTES } from "../core/metadata";
import { paginationQuery, sortingQuery } from "../core/pagination";
import { id, queryList } from "../core/validation";

export const CUSTOM_FIELD_TYPES = ["text", "number", "date", "checkbox", "select"] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const customFieldSchema = z.object({
  id: z.string(),
  ...timestamps,
  metadata: metadataOut,
  type: z.enum(CUSTOM_FIELD_TYPES),
  slug: z.string(),
  name: z.string(),
  organization_id: z.string(),
  /** form_label, form_help_text, form_placeholder, textarea, min_length, max_length, ge, le, options. */
  properties: z.record(z.string(), z.unknown()),
});

export const attachedCustomFieldSchema = z.object({
  custom_field_id: z.string(),
  custom_field: customFieldSchema,
  order: z.number().int(),
  required: z.boolean(),
});

export function toCustomField(row: CustomField) {
  return {
    ...row,
    metadata: row.metadata as Record<string, string | number | boolean>,
    properties: row.properties as Record<string, unknown>,
  };
}

export function toAttachedCustomField(row: AttachedCustomField & { custom_field: CustomField }) {
  return {
    custom_field_id: row.custom_field_id,
    custom_field: toCustomField(row.custom_field),
    order: row.order,
    required: row.required,
  };
}

// --- properties, per type ---------------------------------------------------------------------

/** An answer longer than the whole of `custom_field_data` may be (16 KiB) could never be sent. */
export const MAX_TEXT_LENGTH = FREE_FORM_MAX_BYTES;
export const MAX_SELECT_OPTIONS = 100;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as the checkout takes answers: YYYY-MM-DD, a real day. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const calendarDate = z.string().refine(isCalendarDate, {
  message: "Input should be a valid date in the format YYYY-MM-DD",
});

const formProperties = {
  form_label: z.string().max(255).nullish(),
  form_help_text: z.string().max(1000).nullish(),
  form_placeholder: z.string().max(255).nullish(),
};

/** Reports `lower > upper` at the lower bound: the range would accept no answer. */
function boundsInOrder<L extends string, U extends string>(lower: L, upper: U) {
  return (value: Partial<Record<L | U, number | string | null>>, ctx: z.RefinementCtx) => {
    const low = value[lower];
    const high = value[upper];
    if (low == null || high == null) return;
    // A malformed date was reported on its own; comparing it would only add noise.
    if (typeof low === "string" && !(isCalendarDate(low) && isCalendarDate(String(high)))) return;
    if (low > high) {
      ctx.addIssue({
        code: "custom",
        params: { type: "value_error" },
        message: `${lower} should be less than or equal to ${upper}`,
        path: [lower],
        input: low,
      });
    }
  };
}

const textLength = z.number().int().min(0).max(MAX_TEXT_LENGTH).nullish();
const bound = z.number().int().nullish();

const selectOption = z.object({
  value: z.string().min(1).max(255),
  label: z.string().min(1).max(255),
});

export const PROPERTIES_SCHEMAS = {
  text: z
    .object({
      ...formProperties,
      textarea: z.boolean().nullish(),
      min_length: textLength,
      max_length: textLength,
    })
    .superRefine(boundsInOrder("min_length", "max_length")),
  number: z.object({ ...formProperties, ge: bound, le: bound }).superRefine(boundsInOrder("ge", "le")),
  date: z
    .object({ ...formProperties, ge: calendarDate.nullish(), le: calendarDate.nullish() })
    .superRefine(boundsInOrder("ge", "le")),
  checkbox: z.object(formProperties),
  select: z
    .object({ ...formProperties, options: z.array(selectOption).min(1).max(MAX_SELECT_OPTIONS) })
    .superRefine((value, ctx) => {
      const seen = new Set<string>();
      value.options.forEach((option, index) => {
        if (seen.has(option.value)) {
          ctx.addIssue({
            code: "custom",
            params: { type: "value_error" },
            message: "Option values should be unique",
            path: ["options", index, "value"],
            input: option.value,
          });
        }
        seen.add(option.value);
      });
    }),
} satisfies Record<CustomFieldType, z.ZodType>;

// --- bodies and query -------------------------------------------------------------------------

const slug = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9_-]+$/, "Slug should contain only lowercase letters, digits, hyphens and underscores");
const name = z.string().trim().min(1).max(255);
/** Checked against the field's type by the service (on update the type is the stored one). */
// Bounded like every free-form object (keys and bytes); the type's own schema then checks it.
const properties = boundedJsonObject;

export const createCustomFieldBody = z.object({
  type: z.enum(CUSTOM_FIELD_TYPES),
  slug,
  name,
  properties: properties.default({}),
  metadata: metadataSchema.default({}),
  /** Required for a merchant session with several organizations; a token's is implied. */
  organization_id: id().nullish(),
});
export type CreateCustomFieldBody = z.output<typeof createCustomFieldBody>;

export const updateCustomFieldBody = z.object({
  /** Only the field's own type is accepted: a type never changes (answers given would not fit). */
  type: z.enum(CUSTOM_FIELD_TYPES).optional(),
  slug: slug.optional(),
  name: name.optional(),
  /** Replaces the whole object. */
  properties: properties.optional(),
  /** Replaces the whole object. */
  metadata: metadataSchema.optional(),
});
export type UpdateCustomFieldBody = z.output<typeof updateCustomFieldBody>;

export const CUSTOM_FIELD_SORT_FIELDS = ["created_at", "slug", "name", "type"] as const;

export const listCustomFieldsQuery = z.object({
  ...paginationQuery,
  organization_id: queryList(id()),
  type: queryList(z.enum(CUSTOM_FIELD_TYPES)),
  /** Case-insensitive match on the name or the slug. */
  query: z.string().trim().min(1).max(200).optional(),
  sorting: sortingQuery(CUSTOM_FIELD_SORT_FIELDS, ["-created_at"]),
});
export type ListCustomFieldsQuery = z.output<typeof listCustomFieldsQuery>;

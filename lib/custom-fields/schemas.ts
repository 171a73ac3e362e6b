import { z } from "zod";
import type { AttachedCustomField, CustomField } from "../generated/prisma/client";
import { timestamps } from "../core/schemas";
import { metadataOut } from "../core/metadata";

export const customFieldSchema = z.object({
  id: z.string(),
  ...timestamps,
  metadata: metadataOut,
  type: z.enum(["text", "number", "date", "checkbox", "select"]),
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

export function toAttachedCustomField(row: AttachedCustomField & { custom_field: CustomField }) {
  return {
    custom_field_id: row.custom_field_id,
    custom_field: {
      ...row.custom_field,
      metadata: row.custom_field.metadata as Record<string, string | number | boolean>,
      properties: row.custom_field.properties as Record<string, unknown>,
    },
    order: row.order,
    required: row.required,
  };
}

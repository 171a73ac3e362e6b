// Shared by the products tests: a Media row of 2 KB (the shapes below expect it), the API shapes
// of the rows the factories make, and the 422 problem shape.
import type { DbOrTx } from "@/lib/db/client";
import { createMedia as createMediaRow } from "@/lib/factories";

/** An uploaded product image of the organization, as POST /v1/files/ leaves it. */
export function createMedia(
  db: DbOrTx,
  organizationId: string,
  data: { service?: string; is_uploaded?: boolean } = {},
) {
  return createMediaRow(db, organizationId, { size: 2048, ...data });
}

type Row = { created_at: Date; modified_at?: Date | null };
const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function mediaShape(row: Awaited<ReturnType<typeof createMedia>>) {
  // An upload's bookkeeping (lib/files/part-upload.ts) is not part of the answer.
  const { upload_id: _uploadId, upload_parts: _parts, ...media } = row;
  return {
    ...media,
    created_at: row.created_at.toISOString(),
    last_modified_at: iso(row.last_modified_at),
    size_readable: "2 KB",
  };
}

/** A benefit as products embed it: without its properties and metadata (the public short form). */
export function benefitShape(row: Row & Record<string, unknown>) {
  const { properties: _properties, metadata: _metadata, ...rest } = row;
  return { ...rest, created_at: row.created_at.toISOString(), modified_at: iso(row.modified_at) };
}

export function customFieldShape(row: Row & Record<string, unknown>) {
  return { ...row, created_at: row.created_at.toISOString(), modified_at: iso(row.modified_at) };
}

export function priceShape(row: Row & Record<string, unknown>) {
  return { ...row, created_at: row.created_at.toISOString(), modified_at: iso(row.modified_at) };
}

/** A price row as the API shows it: its JSON, and what it says of every price here. */
export function apiPrice(row: Row & Record<string, unknown>) {
  return { ...priceShape(row), source: "catalog", tax_behavior: null };
}

export const PRODUCT_FIELDS = [
  "attached_custom_fields",
  "benefits",
  "created_at",
  "description",
  "id",
  "is_archived",
  "is_deletable",
  "is_recurring",
  "medias",
  "metadata",
  "meter_interval",
  "meter_interval_count",
  "modified_at",
  "name",
  "organization_id",
  "prices",
  "recurring_interval",
  "recurring_interval_count",
  "trial_interval",
  "trial_interval_count",
  "visibility",
];

/** What a product answers for what it does not offer (trials, metered billing, visibility). */
export const PRODUCT_UNUSED = {
  visibility: "public",
  trial_interval: null,
  trial_interval_count: null,
  meter_interval: null,
  meter_interval_count: null,
};

export const PRICE_FIELDS = [
  "amount_type",
  "created_at",
  "id",
  "is_archived",
  "maximum_amount",
  "minimum_amount",
  "modified_at",
  "preset_amount",
  "price_amount",
  "price_currency",
  "product_id",
  "recurring_interval",
  "source",
  "tax_behavior",
  "type",
];

export const problem = (type: string, loc: (string | number)[], msg: string, input: unknown = null) => ({
  type,
  loc,
  msg,
  input,
});

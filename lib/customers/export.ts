// GET /v1/customers/export: every customer the list would show (its organization and search
// filters; anonymized customers never), newest first, as CSV. The body is streamed a batch at a
// time (keyset pagination on created_at and id), so a large export holds one batch in memory.
import { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { csvStream, createdBefore, NEWEST_FIRST, newestFirstBatches, type CsvValue } from "../core/csv";
import { toAddress } from "../core/schemas";
import { tenantWhere } from "../core/tenancy";
import { listCustomersQuery } from "./schemas";
import { customerFilters } from "./service";

export const CUSTOMER_EXPORT_BATCH_SIZE = 1000;

/** The list's filters, without its pagination and sorting (the export is newest first). */
export const exportCustomersQuery = listCustomersQuery.pick({
  organization_id: true,
  email: true,
  query: true,
});
export type ExportCustomersQuery = z.output<typeof exportCustomersQuery>;

/** The export's columns, in order (its header). */
export const CUSTOMER_CSV_COLUMNS = [
  "id",
  "external_id",
  "email",
  "name",
  "created_at",
  "billing_line1",
  "billing_line2",
  "billing_postal_code",
  "billing_city",
  "billing_state",
  "billing_country",
  "tax_id",
  "tax_id_type",
  "metadata",
] as const;

const exportSelect = {
  id: true,
  created_at: true,
  external_id: true,
  email: true,
  name: true,
  billing_address: true,
  tax_id: true,
  tax_id_type: true,
  metadata: true,
} as const satisfies Prisma.CustomerSelect;

type ExportRow = Prisma.CustomerGetPayload<{ select: typeof exportSelect }>;

/** The metadata as JSON (it is the merchant's own, flat), or nothing when there is none. */
function metadataText(metadata: Prisma.JsonValue): string | null {
  if (!metadata || typeof metadata !== "object" || Object.keys(metadata).length === 0) return null;
  return JSON.stringify(metadata);
}

function customerValues(row: ExportRow): CsvValue[] {
  const address = toAddress(row.billing_address);
  return [
    row.id,
    row.external_id,
    row.email,
    row.name,
    row.created_at.toISOString(),
    address?.line1,
    address?.line2,
    address?.postal_code,
    address?.city,
    address?.state,
    address?.country || null,
    row.tax_id,
    row.tax_id_type,
    metadataText(row.metadata),
  ];
}

export function customerExportFilename(now = new Date()): string {
  return `customers-${now.toISOString().slice(0, 10)}.csv`;
}

/** The export as a file: its name and its streamed CSV body (the route turns it into a download). */
export async function exportCustomers(
  db: DbOrTx,
  principal: Principal,
  query: ExportCustomersQuery,
  { batchSize = CUSTOMER_EXPORT_BATCH_SIZE, now }: { batchSize?: number; now?: Date } = {},
): Promise<{ filename: string; body: ReadableStream<Uint8Array> }> {
  // AND-ed, so that no filter can widen the tenant scope (as lib/core/list.ts does).
  const where = { AND: [tenantWhere(principal, query.organization_id), customerFilters(query)] };
  const batches = newestFirstBatches(
    (after: ExportRow | null, take) =>
      db.customer.findMany({
        where: after ? { AND: [where, createdBefore(after)] } : where,
        orderBy: [...NEWEST_FIRST],
        select: exportSelect,
        take,
      }),
    customerValues,
    batchSize,
  );
  return {
    filename: customerExportFilename(now),
    body: await csvStream(CUSTOMER_CSV_COLUMNS, batches, "Customer"),
  };
}

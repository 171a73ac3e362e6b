"use client";
// Customers over /v1/customers/. The list is on main; GET/PATCH/DELETE /v1/customers/{id} and POST
// follow Polar's customer (email, name, billing_address, tax_id, metadata, external_id).
import type { z } from "zod";
import type { customerSchema } from "@/lib/customers/schemas";
import { searchString } from "@/components/api-client";
import { resourceHooks } from "./resource";

export type CustomerResource = z.input<typeof customerSchema> & { external_id?: string | null };

export type CustomerAddress = {
  line1?: string | null;
  line2?: string | null;
  postal_code?: string | null;
  city?: string | null;
  state?: string | null;
  country: string;
};

/** Polar's CustomerCreate / CustomerUpdate; `tax_id` is sent as the bare value (its type is derived). */
export type CustomerBody = {
  email?: string;
  name?: string | null;
  external_id?: string | null;
  billing_address?: CustomerAddress | null;
  tax_id?: string | null;
  metadata?: Record<string, string | number | boolean>;
  organization_id?: string;
};

export const customers = resourceHooks<CustomerResource, CustomerBody, CustomerBody>(
  "customers",
  "/v1/customers/",
);

/** The CSV download of every customer the list's search matches, newest first (no pagination). */
export function customersExportUrl(params: { organization_id: string; query?: string | null }): string {
  return (
    "/v1/customers/export" + searchString({ organization_id: params.organization_id, query: params.query })
  );
}

// GET /v1/orders/{id}/invoices — the order's invoice and credit notes with their links, oldest
// first (docs/invoices.md); empty before the invoice is issued.
import { z } from "zod";
import { methods, route } from "@/lib/api/handler";
import { id } from "@/lib/core/validation";
import { listOrderDocuments, orderDocumentsSchema } from "@/lib/invoices/orders";

const params = z.object({ id: id() });

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "orders:read",
      params,
      output: orderDocumentsSchema,
      summary: "List an order's invoice and credit notes with their links",
    },
    ({ db, principal, params }) => listOrderDocuments(db, principal, params.id),
  ),
});

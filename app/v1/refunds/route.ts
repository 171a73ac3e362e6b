// GET /v1/refunds/ — list refunds (by order, customer); POST — refund (part of) an order.
import { methods, route } from "@/lib/api/handler";
import { pageSchema } from "@/lib/core/schemas";
import { createRefundBody, listRefundsQuery, refundSchema } from "@/lib/refunds/schemas";
import { createRefund, listRefunds } from "@/lib/refunds/service";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "refunds:read",
      query: listRefundsQuery,
      output: pageSchema(refundSchema),
      summary: "List refunds (newest first), filtered by order or customer",
    },
    ({ db, principal, query }) => listRefunds(db, principal, query),
  ),
  POST: route(
    {
      auth: "refunds:write",
      body: createRefundBody,
      output: refundSchema,
      status: 201,
      summary:
        "Refund an order, in full or in part (amount tax included); pending until the processor confirms",
    },
    ({ db, principal, body }) => createRefund(db, principal, body),
  ),
});

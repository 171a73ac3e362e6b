// A customer's state (GET /v1/customers/{id}/state, the reference API's CustomerState): the
// customer with what they have now, in one answer, so a merchant's app can decide access from one
// call: their active subscriptions and the benefits granted to them. Usage meters are not offered
// (docs/polar-sdk.md): `active_meters` is empty.
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { dateTime, jsonObject, timestamps } from "../core/schemas";
import { metadataOut } from "../core/metadata";
import { displayKey } from "../core/license-key-format";
import { customerResourceSchema, toCustomerResource } from "./schemas";
import { findCustomerOrThrow } from "./service";

const stateSubscriptionSchema = z.object({
  id: z.string(),
  ...timestamps,
  metadata: metadataOut,
  /**
   * Only subscriptions that are active or in their trial are listed (a past-due one is not: its
   * payment failed).
   */
  status: z.enum(["active", "trialing"]),
  amount: z.number().int(),
  currency: z.string(),
  recurring_interval: z.enum(["month", "year"]),
  current_period_start: dateTime,
  current_period_end: dateTime,
  trial_start: dateTime.nullable(),
  trial_end: dateTime.nullable(),
  cancel_at_period_end: z.boolean(),
  canceled_at: dateTime.nullable(),
  started_at: dateTime.nullable(),
  ends_at: dateTime.nullable(),
  product_id: z.string(),
  discount_id: z.string().nullable(),
  seats: z.null(),
  units: z.null(),
  meters: z.array(z.never()),
});

const stateGrantSchema = z.object({
  id: z.string(),
  ...timestamps,
  granted_at: dateTime,
  benefit_id: z.string(),
  benefit_type: z.string(),
  benefit_metadata: metadataOut,
  /** license_keys: `{license_key_id, display_key}` of the key it issued; custom: `{}`. */
  properties: jsonObject,
});

export const customerStateSchema = customerResourceSchema.extend({
  active_subscriptions: z.array(stateSubscriptionSchema),
  granted_benefits: z.array(stateGrantSchema),
  active_meters: z.array(z.never()),
});
export type CustomerState = z.output<typeof customerStateSchema>;

type Metadata = Record<string, string | number | boolean>;

export async function getCustomerState(db: DbOrTx, principal: Principal, id: string): Promise<CustomerState> {
  const customer = await findCustomerOrThrow(db, principal, id);
  const [subscriptions, grants] = await Promise.all([
    db.subscription.findMany({
      where: { customer_id: customer.id, status: { in: ["active", "trialing"] } },
      orderBy: [{ started_at: "asc" }, { id: "asc" }],
    }),
    db.benefitGrant.findMany({
      where: { customer_id: customer.id, granted_at: { not: null }, revoked_at: null },
      include: {
        benefit: { select: { type: true, metadata: true } },
        license_key: { select: { id: true, key: true } },
      },
      orderBy: [{ granted_at: "asc" }, { id: "asc" }],
    }),
  ]);
  return {
    ...toCustomerResource(customer),
    active_subscriptions: subscriptions.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      modified_at: row.modified_at,
      metadata: row.metadata as Metadata,
      status: row.status as "active" | "trialing",
      amount: row.amount,
      currency: row.currency,
      recurring_interval: row.recurring_interval,
      current_period_start: row.current_period_start,
      // An active subscription always has its period's end (only an ended one has none).
      current_period_end: row.current_period_end ?? row.current_period_start,
      trial_start: row.trial_start,
      trial_end: row.trial_end,
      cancel_at_period_end: row.cancel_at_period_end,
      canceled_at: row.canceled_at,
      started_at: row.started_at,
      ends_at: row.ends_at,
      product_id: row.product_id,
      discount_id: row.discount_id,
      seats: null,
      units: null,
      meters: [],
    })),
    granted_benefits: grants.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      modified_at: row.modified_at,
      granted_at: row.granted_at!,
      benefit_id: row.benefit_id,
      benefit_type: row.benefit.type,
      benefit_metadata: row.benefit.metadata as Metadata,
      properties: row.license_key
        ? { license_key_id: row.license_key.id, display_key: displayKey(row.license_key.key) }
        : {},
    })),
    active_meters: [],
  };
}

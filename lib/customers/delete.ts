// Deleting a customer. One without purchases is removed (its open checkouts forget it, by the
// foreign key's ON DELETE SET NULL). One with orders, subscriptions, license keys or a confirmed
// checkout is kept, anonymized, so those stay intact: its email becomes `<id>@anonymized.invalid`
// (which frees the real address, so a later purchase with it creates a fresh customer), its name,
// address, tax id and external id are cleared, its metadata emptied, deleted_at set. It is then not
// found through the customers API; its open checkouts forget it too, and its customer sessions end.
//
// Racing a checkout: confirm and order processing lock the checkout session before they touch its
// customer (the upsert by email, the order's foreign key). DELETE takes the sessions that name the
// customer first, in the same order, then the customer: a confirm in flight finishes first, and
// the purchase it committed is seen below, so a confirmed session never loses its customer. Once the
// customer's row is locked, no session or order can start naming it (their foreign key check waits
// for the lock), and a confirm by email that waits on it finds no row with that address afterwards.
//
// Events, written last: customer.updated with the customer as it ends (deleted_at set; removed or
// anonymized, GET no longer finds it), then checkout.updated for each session that forgot it,
// through the emitter the caller passes (lib/checkout/events.ts): a parameter, so that
// lib/customers/ does not import lib/checkout/ (docs/architecture.md, "Layers and registration").
import { Prisma } from "../generated/prisma/client";
import type { Db, Tx } from "../db/client";
import type { Principal } from "../core/principal";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import type { Customer } from "../generated/prisma/client";
import { isListened, lockRowForEvents } from "../webhooks/listeners";
import { emitCustomerEvent } from "./events";
import { anonymizedEmail } from "./schemas";

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

/** Checkouts a confirm or order processing may still be writing: the ones to wait for. */
const LIVE_CHECKOUT_STATUSES = ["open", "confirmed"] as const;
/** Checkouts that are a purchase: the customer must stay for them. */
const PURCHASE_CHECKOUT_STATUSES = ["confirmed", "succeeded", "failed"] as const;

/** Locks the live checkout sessions naming the customer, in id order (one statement). */
async function lockLiveCheckouts(tx: Tx, customerId: string) {
  await tx.$queryRaw`
    SELECT id FROM checkout_sessions
    WHERE customer_id = ${customerId}::uuid
      AND status::text IN (${Prisma.join([...LIVE_CHECKOUT_STATUSES])})
    ORDER BY id
    FOR UPDATE`;
}

async function hasPurchases(tx: Tx, customerId: string): Promise<boolean> {
  const { _count: count } = await tx.customer.findUniqueOrThrow({
    where: { id: customerId },
    select: {
      _count: {
        select: {
          orders: true,
          subscriptions: true,
          license_keys: true,
          checkout_sessions: { where: { status: { in: [...PURCHASE_CHECKOUT_STATUSES] } } },
        },
      },
    },
  });
  return Object.values(count).some((n) => n > 0);
}

/** Writes the event of a session that forgot the customer, in the deletion's transaction (`emitCheckoutEvent`). */
export type EmitCheckoutEvent = (
  tx: Tx,
  type: "checkout.updated",
  session: SessionRef,
  now: Date,
) => Promise<unknown>;

type SessionRef = { id: string; organization_id: string };

/** 204 either way; a second DELETE (or one of an anonymized customer) is 404. */
export async function deleteCustomer(
  db: Db,
  principal: Principal,
  id: string,
  emitCheckoutEvent: EmitCheckoutEvent,
  now = new Date(),
) {
  await db.$transaction(async (tx) => {
    const visible = { id, deleted_at: null, ...tenantWhere(principal) };
    // Checked before taking any lock, so another tenant's id cannot hold up its checkouts.
    foundOrThrow(await tx.customer.findFirst({ where: visible, select: { id: true } }));
    await lockLiveCheckouts(tx, id);
    // Also reads who listens to the organization's events (no statement of its own).
    const customer = await lockRowForEvents<Customer>(tx, "customers", id);
    // Read again under the lock: a concurrent DELETE may have gone first.
    foundOrThrow(await tx.customer.findFirst({ where: visible, select: { id: true } }));
    // A session that named the customer between the two locks (rare) is waited for too.
    await lockLiveCheckouts(tx, id);

    if (!(await hasPurchases(tx, id))) {
      // Its sessions forget it through the foreign key (ON DELETE SET NULL): read which, for their
      // events, only when someone listens to them.
      const forgotten = (await isListened(tx, customer!.organization_id, "checkout.updated"))
        ? await tx.checkoutSession.findMany({ where: { customer_id: id }, select: sessionRef })
        : [];
      const removed = await tx.customer.delete({ where: { id } });
      const ended = { ...removed, deleted_at: now, modified_at: now };
      await emitDeletion(tx, emitCheckoutEvent, ended, forgotten, now);
      return;
    }
    const anonymized = await tx.customer.update({
      where: { id },
      data: {
        email: anonymizedEmail(id),
        email_verified: false,
        name: null,
        billing_address: Prisma.DbNull,
        tax_id: null,
        tax_id_type: null,
        tax_id_verified_at: null,
        external_id: null,
        metadata: {},
        deleted_at: now,
        modified_at: now,
      },
    });
    // An open checkout prefilled for the customer will make a fresh one if it is ever confirmed.
    const forgotten = await tx.checkoutSession.updateManyAndReturn({
      where: { customer_id: id, status: "open" },
      data: { customer_id: null },
      select: sessionRef,
    });
    await tx.customerSession.deleteMany({ where: { customer_id: id } });
    await tx.customerSessionCode.deleteMany({ where: { customer_id: id } });
    await emitDeletion(tx, emitCheckoutEvent, anonymized, forgotten, now);
  }, TRANSACTION_OPTIONS);
}

const sessionRef = { id: true, organization_id: true } as const;

async function emitDeletion(
  tx: Tx,
  emitCheckoutEvent: EmitCheckoutEvent,
  customer: Customer,
  forgotten: SessionRef[],
  now: Date,
) {
  await emitCustomerEvent(tx, "customer.updated", customer, now, customer);
  for (const session of forgotten) await emitCheckoutEvent(tx, "checkout.updated", session, now);
}

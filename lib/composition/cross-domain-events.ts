// Services whose change also emits another domain's event, with that domain's emitter passed in
// here rather than imported by the service (docs/architecture.md, "Layers and registration"): a
// customer's deletion updates the checkout sessions it forgets (checkout.updated), a benefit edit
// applied to existing keys updates them (license_key.updated). Routes call these.
import type { Db } from "../db/client";
import type { Principal } from "../core/principal";
import type { UpdateBenefitBody } from "../benefits/schemas";
import { updateBenefit } from "../benefits/manage";
import { emitCheckoutEvent } from "../checkout/events";
import { deleteCustomer } from "../customers/delete";
import { customerIdByExternalId } from "../customers/external";
import { emitLicenseKeyEvent } from "../license-keys/events";

export const deleteCustomerAndForgetSessions = (db: Db, principal: Principal, id: string) =>
  deleteCustomer(db, principal, id, emitCheckoutEvent);

/** The same, for the customer the merchant knows by their own id (`/v1/customers/external/…`). */
export const deleteExternalCustomerAndForgetSessions = async (
  db: Db,
  principal: Principal,
  externalId: string,
) =>
  deleteCustomer(db, principal, await customerIdByExternalId(db, principal, externalId), emitCheckoutEvent);

export const updateBenefitAndKeys = (db: Db, principal: Principal, id: string, body: UpdateBenefitBody) =>
  updateBenefit(db, principal, id, body, emitLicenseKeyEvent);

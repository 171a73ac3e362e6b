// An organization's tax rates, read and replaced as one list. A replacement is atomic: in one
// transaction, under the organization's row lock (two replacements racing apply one after the
// other, never interleaved into duplicates), the rates no longer listed are deleted, the kept
// ones updated in place (their id and created_at stay), the new ones inserted. Checkouts priced
// afterwards use the new rates (lib/checkout/pricing.ts reads them on every price change).
// The EU preset (lib/tax/eu-rates.ts) is merged into the list the same way, under the same lock.
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "../db/client";
import type { TaxRate } from "../generated/prisma/client";
import { ApiError } from "../core/errors";
import type { Principal } from "../core/principal";
import { lockRow } from "../core/row-lock";
import { euStandardTaxRates } from "../tax/eu-rates";
import { findOrganizationOrThrow } from "./service";
import { MAX_TAX_RATES, type ReplaceTaxRatesBody } from "./tax-rate-schemas";

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

const keyOf = (rate: { country: string; state: string | null }) => `${rate.country}/${rate.state ?? ""}`;

/** Country, then the country-wide rate before its states, then state. */
function byPlace(a: TaxRate, b: TaxRate): number {
  if (a.country !== b.country) return a.country < b.country ? -1 : 1;
  if (a.state === b.state) return 0;
  if (a.state === null) return -1;
  if (b.state === null) return 1;
  return a.state < b.state ? -1 : 1;
}

function toTaxRates(rows: TaxRate[]) {
  return {
    tax_rates: [...rows].sort(byPlace).map((row) => ({
      id: row.id,
      created_at: row.created_at,
      country: row.country,
      state: row.state,
      basis_points: row.basis_points,
    })),
  };
}

export async function listTaxRates(db: DbOrTx, principal: Principal, organizationId: string) {
  await findOrganizationOrThrow(db, principal, organizationId);
  return toTaxRates(await db.taxRate.findMany({ where: { organization_id: organizationId } }));
}

export async function replaceTaxRates(
  db: Db,
  principal: Principal,
  organizationId: string,
  body: ReplaceTaxRatesBody,
  now = new Date(),
) {
  const rows = await db.$transaction(async (tx) => {
    await findOrganizationOrThrow(tx, principal, organizationId);
    await lockRow(tx, "organizations", organizationId);
    const current = await tx.taxRate.findMany({ where: { organization_id: organizationId } });
    const wanted = new Map(body.tax_rates.map((rate) => [keyOf(rate), rate]));
    const gone = current.filter((row) => !wanted.has(keyOf(row))).map((row) => row.id);
    if (gone.length) await tx.taxRate.deleteMany({ where: { id: { in: gone } } });
    const existing = new Map(current.map((row) => [keyOf(row), row]));
    for (const row of current) {
      const rate = wanted.get(keyOf(row));
      if (rate && rate.basis_points !== row.basis_points) {
        await tx.taxRate.update({ where: { id: row.id }, data: { basis_points: rate.basis_points } });
      }
    }
    const added = body.tax_rates.filter((rate) => !existing.has(keyOf(rate)));
    if (added.length) {
      await tx.taxRate.createMany({
        data: added.map((rate) => ({
          id: randomUUID(),
          created_at: now,
          organization_id: organizationId,
          country: rate.country,
          state: rate.state,
          basis_points: rate.basis_points,
        })),
      });
    }
    return tx.taxRate.findMany({ where: { organization_id: organizationId } });
  }, TRANSACTION_OPTIONS);
  return toTaxRates(rows);
}

/**
 * Loads the EU standard-rate preset into the organization's rates: each member state gets its
 * country-wide rate, replacing the country-wide rate it had (same id, the preset's rate); every
 * other rate stays as it is (a member state's state-level rates, every non-EU rate). Loading it
 * again changes nothing. In one transaction under the organization's row lock, as a replacement.
 */
export async function loadEuTaxRatePreset(
  db: Db,
  principal: Principal,
  organizationId: string,
  now = new Date(),
) {
  const rows = await db.$transaction(async (tx) => {
    await findOrganizationOrThrow(tx, principal, organizationId);
    await lockRow(tx, "organizations", organizationId);
    const current = await tx.taxRate.findMany({ where: { organization_id: organizationId } });
    const existing = new Map(current.map((row) => [keyOf(row), row]));
    const preset = euStandardTaxRates();
    const added = preset.filter((rate) => !existing.has(keyOf(rate)));
    if (current.length + added.length > MAX_TAX_RATES) {
      throw new ApiError(
        "ConflictError",
        `Loading the EU rates would make more than ${MAX_TAX_RATES} tax rates: remove some first`,
      );
    }
    for (const rate of preset) {
      const row = existing.get(keyOf(rate));
      if (row && row.basis_points !== rate.basis_points) {
        await tx.taxRate.update({ where: { id: row.id }, data: { basis_points: rate.basis_points } });
      }
    }
    if (added.length) {
      await tx.taxRate.createMany({
        data: added.map((rate) => ({
          id: randomUUID(),
          created_at: now,
          organization_id: organizationId,
          country: rate.country,
          state: null,
          basis_points: rate.basis_points,
        })),
      });
    }
    return tx.taxRate.findMany({ where: { organization_id: organizationId } });
  }, TRANSACTION_OPTIONS);
  return toTaxRates(rows);
}

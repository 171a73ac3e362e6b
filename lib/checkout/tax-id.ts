// The buyer's tax ID on a checkout session (docs/tax.md "Tax IDs and VIES"): a bare value (its type
// guessed) or the pair [value, type], its format checked per type, and an EU VAT number asked of
// VIES. VIES is a network call, so this runs BEFORE the transaction that writes the session
// (create, both PATCHes, confirm): the outcome is handed to resolveChanges (./changes.ts), which
// writes it with the rest. VIES saying "invalid" refuses the ID (422 on customer_tax_id); VIES not
// answering accepts it unverified (taxed normally: never a reverse charge on an unverified ID).
import type { Db } from "../db/client";
import type { Problem } from "../core/errors";
import { guessTaxIdType, normalizeTaxId, taxIdProblem } from "../core/tax-ids";
import { checkVatNumber } from "../tax/vies";

/** What a body may send: a bare value, the pair, null (removes it), or nothing (unchanged). */
export type TaxIdInput = string | [string, string] | null | undefined;

/** The session's tax ID columns. */
export type SessionTaxId = {
  customer_tax_id: string | null;
  customer_tax_id_type: string | null;
  customer_tax_id_verified_at: Date | null;
};

/**
 * A checked tax ID: a problem for the 422, or the columns to write. `recheck`: the stored ID asked
 * of VIES again at confirm, written only if the session still has that ID under its lock.
 */
export type TaxIdOutcome =
  { kind: "problem"; problem: Problem } | { kind: "set"; columns: SessionTaxId; recheck: boolean };

const LOC = ["body", "customer_tax_id"];

/** The outcome of VIES for an EU VAT number already in the right format. */
async function verified(
  db: Db,
  value: string,
  type: string,
  input: unknown,
  now: Date,
  recheck: boolean,
): Promise<TaxIdOutcome> {
  const columns = { customer_tax_id: value, customer_tax_id_type: type, customer_tax_id_verified_at: null };
  if (type !== "eu_vat") return { kind: "set", columns, recheck };
  const check = await checkVatNumber(db, value, { now });
  if (check.result === "invalid")
    return {
      kind: "problem",
      problem: { type: "value_error", loc: LOC, msg: "VIES says this VAT number is not valid.", input },
    };
  return {
    kind: "set",
    columns: { ...columns, customer_tax_id_verified_at: check.result === "valid" ? check.checkedAt : null },
    recheck,
  };
}

/**
 * Checks the `customer_tax_id` a body sent (format, then VIES for an EU VAT number). Undefined when
 * none was sent. Outside any transaction: it may call VIES.
 */
export async function checkTaxIdInput(
  db: Db,
  input: TaxIdInput,
  now: Date,
): Promise<TaxIdOutcome | undefined> {
  if (input === undefined) return undefined;
  const [raw, givenType] = typeof input === "string" ? [input, null] : (input ?? [null, null]);
  if (!raw?.trim()) {
    const columns = { customer_tax_id: null, customer_tax_id_type: null, customer_tax_id_verified_at: null };
    return { kind: "set", columns, recheck: false };
  }
  const refuse = (msg: string): TaxIdOutcome => ({
    kind: "problem",
    problem: { type: "value_error", loc: LOC, msg, input },
  });
  const type = givenType ?? guessTaxIdType(raw);
  if (!type)
    return refuse(
      'The kind of tax ID cannot be told from its value: send it as [value, type], like ["DE123456789", "eu_vat"].',
    );
  const problem = taxIdProblem(raw, type);
  if (problem) return refuse(problem);
  return verified(db, normalizeTaxId(raw), type, input, now, false);
}

/**
 * At confirm, when the body sends no tax ID: the session's stored EU VAT number not verified yet
 * (VIES could not answer before, or it came from the customer) is asked of VIES again. Undefined:
 * nothing to write.
 */
export async function recheckStoredTaxId(
  db: Db,
  /** The session's EU VAT number not verified yet, as the check before the lock read it. */
  unverifiedEuVat: string | null,
  now: Date,
): Promise<TaxIdOutcome | undefined> {
  if (!unverifiedEuVat) return undefined;
  const outcome = await verified(db, unverifiedEuVat, "eu_vat", unverifiedEuVat, now, true);
  // Still unverified: nothing new to write.
  return outcome.kind === "set" && !outcome.columns.customer_tax_id_verified_at ? undefined : outcome;
}

/** The buyer's tax ID for a new session from a known customer (checked again at confirm). */
export function customerTaxId(customer: { tax_id: string | null; tax_id_type: string | null }): SessionTaxId {
  const value = customer.tax_id;
  return {
    customer_tax_id: value,
    customer_tax_id_type: value ? (customer.tax_id_type ?? guessTaxIdType(value)) : null,
    customer_tax_id_verified_at: null,
  };
}

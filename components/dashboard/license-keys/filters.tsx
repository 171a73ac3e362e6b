"use client";
// The license key list's filters (exactly those the API supports besides the search: benefit,
// status, customer), for the kit's toolbar; each kept in the URL.
import { CustomerCombobox } from "../customer-combobox";
import { useBenefits } from "../hooks/reference";
import { labelledOptions, SelectFilter } from "../kit/select-filter";
import { LICENSE_KEY_STATUSES, STATUS_LABELS } from "./logic";

export type LicenseKeyFilterValues = { benefit_id?: string; status?: string; customer_id?: string };

type Props = {
  organizationId: string;
  values: LicenseKeyFilterValues;
  customerLabel?: string;
  onChange: (patch: Partial<Record<keyof LicenseKeyFilterValues, string | null>>) => void;
};

export function LicenseKeyFilters({ organizationId, values, customerLabel, onChange }: Props) {
  const benefits = useBenefits(organizationId);
  const licenseBenefits = (benefits.data?.items ?? []).filter((benefit) => benefit.type === "license_keys");
  return (
    <>
      <SelectFilter
        label="Benefit"
        allLabel="All benefits"
        width="w-56"
        value={values.benefit_id}
        options={licenseBenefits.map((benefit) => ({ value: benefit.id, label: benefit.description }))}
        unknownLabel={benefits.isPending ? "Loading…" : "Unknown benefit"}
        onChange={(benefitId) => onChange({ benefit_id: benefitId })}
      />
      <SelectFilter
        label="Status"
        allLabel="All statuses"
        width="w-40"
        value={values.status}
        options={labelledOptions(LICENSE_KEY_STATUSES, STATUS_LABELS)}
        onChange={(status) => onChange({ status })}
      />
      <CustomerCombobox
        organizationId={organizationId}
        value={values.customer_id ?? null}
        valueLabel={customerLabel ?? null}
        onChange={(customerId) => onChange({ customer_id: customerId })}
      />
    </>
  );
}

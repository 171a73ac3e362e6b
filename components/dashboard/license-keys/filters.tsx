"use client";
// The license key list's search (the whole key or its last characters) and filters (exactly those
// the API supports: benefit, status, customer), each kept in the URL.
import { useBenefits } from "../hooks/reference";
import { Button } from "../ui/button";
import { CustomerCombobox } from "../customer-combobox";
import { SearchBox } from "../orders/search-box";
import { inputClass } from "../ui/field";
import { LICENSE_KEY_STATUSES, STATUS_LABELS } from "./logic";

export type LicenseKeyFilterValues = {
  benefit_id?: string;
  status?: string;
  customer_id?: string;
  query?: string;
};

type Props = {
  organizationId: string;
  values: LicenseKeyFilterValues;
  customerLabel?: string;
  onChange: (patch: Partial<Record<keyof LicenseKeyFilterValues, string | null>>) => void;
};

export function LicenseKeyFilters({ organizationId, values, customerLabel, onChange }: Props) {
  const benefits = useBenefits(organizationId);
  const licenseBenefits = (benefits.data?.items ?? []).filter((benefit) => benefit.type === "license_keys");
  const active = Boolean(values.benefit_id || values.status || values.customer_id || values.query);

  return (
    <div role="search" aria-label="Filter license keys" className="mb-4 flex flex-wrap items-end gap-3">
      <SearchBox
        label="Search"
        placeholder="Key or its last characters"
        value={values.query ?? null}
        onChange={(query) => onChange({ query })}
      />
      <div>
        <label
          htmlFor="filter-benefit"
          className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300"
        >
          Benefit
        </label>
        <select
          id="filter-benefit"
          className={`${inputClass} w-56`}
          value={values.benefit_id ?? ""}
          onChange={(event) => onChange({ benefit_id: event.target.value || null })}
        >
          <option value="">All benefits</option>
          {licenseBenefits.map((benefit) => (
            <option key={benefit.id} value={benefit.id}>
              {benefit.description}
            </option>
          ))}
          {values.benefit_id && !licenseBenefits.some((benefit) => benefit.id === values.benefit_id) ? (
            <option value={values.benefit_id}>{benefits.isPending ? "Loading…" : "Unknown benefit"}</option>
          ) : null}
        </select>
      </div>
      <div>
        <label
          htmlFor="filter-status"
          className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300"
        >
          Status
        </label>
        <select
          id="filter-status"
          className={`${inputClass} w-40`}
          value={values.status ?? ""}
          onChange={(event) => onChange({ status: event.target.value || null })}
        >
          <option value="">All statuses</option>
          {LICENSE_KEY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <CustomerCombobox
        organizationId={organizationId}
        value={values.customer_id ?? null}
        valueLabel={customerLabel ?? null}
        onChange={(customerId) => onChange({ customer_id: customerId })}
      />
      {active ? (
        <Button
          variant="ghost"
          size="sm"
          className="mb-1"
          onClick={() => onChange({ benefit_id: null, status: null, customer_id: null, query: null })}
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

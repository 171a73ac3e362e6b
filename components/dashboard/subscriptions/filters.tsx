"use client";
// The subscriptions list's filters (those the API supports: status, active), kept in the URL.
import { Button } from "../ui/button";
import { inputClass } from "../ui/field";
import { STATUS_LABELS, SUBSCRIPTION_STATUSES } from "./logic";

type Values = { status?: string; active?: boolean };
type Props = {
  values: Values;
  onChange: (patch: { status?: string | null; active?: string | null }) => void;
};

export function SubscriptionFilters({ values, onChange }: Props) {
  const filtered = values.status !== undefined || values.active !== undefined;
  return (
    <div role="search" aria-label="Filter subscriptions" className="mb-4 flex flex-wrap items-end gap-3">
      <div>
        <label
          htmlFor="filter-status"
          className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300"
        >
          Status
        </label>
        <select
          id="filter-status"
          className={`${inputClass} w-44`}
          value={values.status ?? ""}
          onChange={(event) => onChange({ status: event.target.value || null })}
        >
          <option value="">All statuses</option>
          {SUBSCRIPTION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label
          htmlFor="filter-active"
          className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300"
        >
          Active
        </label>
        <select
          id="filter-active"
          className={`${inputClass} w-44`}
          value={values.active === undefined ? "" : String(values.active)}
          onChange={(event) => onChange({ active: event.target.value || null })}
        >
          <option value="">Active and ended</option>
          <option value="true">Active only</option>
          <option value="false">Ended only</option>
        </select>
      </div>
      {filtered ? (
        <Button
          variant="ghost"
          size="sm"
          className="mb-1"
          onClick={() => onChange({ status: null, active: null })}
        >
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

"use client";
// A subscription product's free trial (docs/subscriptions.md "Trials"): how long before the first
// charge; the checkout saves the card and charges when the trial ends.
import { SelectField, TextField } from "../forms/form-fields";

export function TrialField({ unit }: { unit: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        name="trial_interval"
        label="Free trial"
        hint="Charged when the trial ends; one trial per customer."
      >
        <option value="">No trial</option>
        <option value="day">Days</option>
        <option value="week">Weeks</option>
        <option value="month">Months</option>
        <option value="year">Years</option>
      </SelectField>
      {unit ? (
        <TextField name="trial_interval_count" label="Trial length" inputMode="numeric" placeholder="1" />
      ) : null}
    </div>
  );
}

"use client";
// Settings → Tax: whether prices include tax, for every price that does not say so itself
// (`default_tax_behavior`, docs/tax.md "Tax-inclusive prices"). Saved as soon as it is chosen.
import { useState } from "react";
import { SaveError } from "../ui/states";
import { useUpdateOrganization, type OrganizationResource } from "../hooks/organizations";
import { inputClass } from "../ui/field";

type Behavior = "exclusive" | "inclusive" | "location";

const HELP: Record<Behavior, string> = {
  exclusive: "Tax is added on top of your prices at checkout (usual in the United States and Canada).",
  inclusive: "Your prices are what buyers pay; the tax is taken out of them (usual in Europe).",
  location:
    "Included for buyers in Europe, Australia, New Zealand, Japan and others where prices are shown with tax; added on top elsewhere.",
};

export function TaxBehaviorSetting({ organization }: { organization: OrganizationResource }) {
  const save = useUpdateOrganization(organization.id);
  const [wanted, setWanted] = useState<Behavior | null>(null);
  const value = wanted ?? organization.default_tax_behavior ?? "exclusive";
  return (
    <div className="mb-4 space-y-1 text-sm">
      <label htmlFor="default-tax-behavior" className="font-medium">
        Prices and tax
      </label>
      <select
        id="default-tax-behavior"
        className={`${inputClass} max-w-sm`}
        value={value}
        disabled={save.isPending}
        onChange={(event) => {
          const next = event.target.value as Behavior;
          setWanted(next);
          save.mutate({ default_tax_behavior: next }, { onSettled: () => setWanted(null) });
        }}
      >
        <option value="exclusive">Tax added on top of prices</option>
        <option value="inclusive">Prices include tax</option>
        <option value="location">By the buyer&apos;s country</option>
      </select>
      <p className="text-zinc-600 dark:text-zinc-300">{HELP[value]} A price can say otherwise.</p>
      <SaveError error={save.error} />
    </div>
  );
}

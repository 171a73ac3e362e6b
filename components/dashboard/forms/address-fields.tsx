"use client";
// An address in a kit form (docs/dashboard.md "Forms"): its lines, postal code, city, state and the
// country from the checkout's list, each a field whose 422 problems show on it (`<prefix>.<part>`,
// e.g. `billing_address.city`). The form keeps the address as strings; empty parts are sent as null.
import { COUNTRIES } from "@/components/checkout/countries";
import { SelectField, TextField } from "./form-fields";

export type AddressValues = {
  line1: string;
  line2: string;
  postal_code: string;
  city: string;
  state: string;
  country: string;
};

/** Each part with its label and the API's bound. */
const ADDRESS_PARTS = [
  ["line1", "Address line 1", 255],
  ["line2", "Address line 2", 255],
  ["postal_code", "Postal code", 32],
  ["city", "City", 255],
  ["state", "State / region", 64],
] as const;

/** The options of a country select: "—" (none), then every country by name. */
export function CountryOptions({ none = "—" }: { none?: string }) {
  return (
    <>
      <option value="">{none}</option>
      {COUNTRIES.map(([code, name]) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}

export function AddressFields({
  prefix,
  value,
  onPart,
  message,
}: {
  /** The address's path in the API's body, for its problems (`billing_address`, `address`). */
  prefix: string;
  value: AddressValues;
  onPart: (part: keyof AddressValues, value: string) => void;
  /** A problem of the whole address (not of one part), shown above it. */
  message?: string;
}) {
  return (
    <>
      {message ? (
        <p role="alert" className="mb-3 text-xs text-red-600 dark:text-red-400">
          {message}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {ADDRESS_PARTS.map(([part, label, maxLength]) => (
          <TextField
            key={part}
            name={part}
            field={`${prefix}.${part}`}
            label={label}
            maxLength={maxLength}
            value={value[part]}
            onValue={(text) => onPart(part, text)}
          />
        ))}
        <SelectField
          name="country"
          field={`${prefix}.country`}
          label="Country"
          value={value.country}
          onValue={(text) => onPart("country", text)}
        >
          <CountryOptions />
        </SelectField>
      </div>
    </>
  );
}

"use client";
// Metadata as editable key/value rows (up to 50 pairs, keys ≤ 40 characters, values ≤ 500: the
// server checks and its 422 shows under the editor).
import { Button } from "../ui/button";
import { inputClass } from "../ui/field";
import { FieldSet } from "./field-set";
import type { MetadataRow } from "./values";
import { controlId, type FormErrorsState } from "./use-form-errors";

const MAX_PAIRS = 50;
const PARTS = [
  { part: "key", maxLength: 40 },
  { part: "value", maxLength: 500 },
] as const;

type Props = {
  formId: string;
  errors: FormErrorsState;
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
};

export function MetadataEditor({ formId, errors, rows, onChange }: Props) {
  const id = controlId(formId, "metadata");
  const update = (index: number, patch: Partial<MetadataRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <FieldSet id={id} legend="Metadata" error={errors.field("metadata")}>
      <div className="space-y-2">
        {rows.map((row, index) => (
          <div key={index} className="flex gap-2">
            {PARTS.map(({ part, maxLength }) => (
              <input
                key={part}
                id={index === 0 && part === "key" ? id : undefined}
                aria-label={`Metadata ${part} ${index + 1}`}
                className={inputClass}
                value={row[part]}
                maxLength={maxLength}
                placeholder={part}
                onChange={(event) => update(index, { [part]: event.target.value })}
              />
            ))}
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove metadata ${row.key || index + 1}`}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              ×
            </Button>
          </div>
        ))}
      </div>
      <Button
        size="sm"
        className="mt-2"
        disabled={rows.length >= MAX_PAIRS}
        onClick={() => onChange([...rows, { key: "", value: "" }])}
      >
        Add metadata
      </Button>
    </FieldSet>
  );
}

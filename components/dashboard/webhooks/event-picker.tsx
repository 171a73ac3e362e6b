"use client";
// The events an endpoint subscribes to: one checkbox per type, grouped by resource (order.*,
// subscription.*, …), a checkbox per group and one for everything, each showing "mixed" when only
// some of its types are picked. Native checkboxes: Tab and Space work as everywhere.
import { useEffect, useRef, type InputHTMLAttributes } from "react";
import { WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { controlId, type FormErrorsState } from "../forms/use-form-errors";
import { groupEventTypes, selectionState, toggleEventTypes } from "./logic";

const GROUPS = groupEventTypes(WEBHOOK_EVENT_TYPES);

/**
 * A checkbox that can also show the mixed state (a DOM property, no attribute; browsers announce
 * it as "mixed").
 */
function TriStateCheckbox({
  state,
  ...props
}: { state: "all" | "none" | "some" } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "checked">) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === "some";
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="h-4 w-4 accent-indigo-600"
      checked={state === "all"}
      {...props}
    />
  );
}

type Props = {
  formId: string;
  errors: FormErrorsState;
  value: string[];
  onChange: (events: string[]) => void;
};

export function EventPicker({ formId, errors, value, onChange }: Props) {
  const id = controlId(formId, "events");
  const error = errors.field("events");
  const toggle = (types: readonly string[], checked: boolean) =>
    onChange(toggleEventTypes(value, types, checked));
  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">Events</legend>
      <p id={`${id}-hint`} className="mb-3 text-xs text-zinc-500 dark:text-zinc-400">
        {value.length
          ? `${value.length} of ${WEBHOOK_EVENT_TYPES.length} events picked.`
          : "Pick the events this endpoint receives."}
      </p>
      <label className="mb-3 flex items-center gap-2 text-sm font-medium">
        <TriStateCheckbox
          id={id}
          state={selectionState(value, WEBHOOK_EVENT_TYPES)}
          onChange={(event) => toggle(WEBHOOK_EVENT_TYPES, event.target.checked)}
        />
        Select all events
      </label>
      <div className="grid gap-x-6 gap-y-4 sm:grid-cols-2 xl:grid-cols-3">
        {GROUPS.map((group) => (
          <div key={group.resource} role="group" aria-label={`${group.label} events`}>
            <label className="flex items-center gap-2 text-sm font-medium">
              <TriStateCheckbox
                state={selectionState(value, group.types)}
                onChange={(event) => toggle(group.types, event.target.checked)}
              />
              {group.label}
              <span className="sr-only"> (all {group.label.toLowerCase()} events)</span>
            </label>
            <div className="mt-1 ml-6 flex flex-col gap-1">
              {group.types.map((type) => (
                <label key={type} className="inline-flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="h-4 w-4 accent-indigo-600"
                    checked={value.includes(type)}
                    onChange={(event) => toggle([type], event.target.checked)}
                  />
                  <code className="font-mono text-xs">{type}</code>
                </label>
              ))}
            </div>
          </div>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-2 text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

"use client";
// Picks one customer by searching their email or name (ARIA combobox: arrows move, Enter picks,
// Escape closes). The chosen customer's id is the filter; its email is shown while it is set.
import { useId, useState } from "react";
import { useCustomerSearch, type Customer } from "./hooks/reference";
import { useDebouncedValue } from "./use-debounced-value";

type Props = {
  organizationId: string;
  value: string | null;
  /** The chosen customer's email when known (from the listed orders). */
  valueLabel: string | null;
  onChange: (customerId: string | null) => void;
};

export function CustomerCombobox({ organizationId, value, valueLabel, onChange }: Props) {
  const id = useId();
  const [picked, setPicked] = useState<{ id: string; email: string } | null>(null);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const term = useDebouncedValue(text, 300);
  const search = useCustomerSearch(organizationId, term);
  const options: Customer[] = open ? (search.data?.items ?? []) : [];
  // The highlighted option, kept inside the list: a pointer resting over a longer list of results
  // (before the search narrowed it) must not leave Enter pointing past the end.
  const current = Math.min(active, Math.max(options.length - 1, 0));
  const selectedLabel = value ? (picked?.id === value ? picked.email : valueLabel) : null;

  const choose = (customer: Customer) => {
    setPicked({ id: customer.id, email: customer.email });
    setOpen(false);
    setText("");
    onChange(customer.id);
  };
  const close = () => {
    setOpen(false);
    setText("");
  };

  return (
    <div className="relative flex min-w-[14rem] flex-1 flex-col">
      <label htmlFor={`${id}-input`} className="text-xs font-medium text-zinc-600 dark:text-zinc-300">
        Customer
      </label>
      <div className="mt-1 flex">
        <input
          id={`${id}-input`}
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open && options[current] ? `${id}-option-${current}` : undefined}
          autoComplete="off"
          placeholder={value ? (selectedLabel ?? "Selected customer") : "Any customer"}
          value={open ? text : (selectedLabel ?? (value ? "Selected customer" : ""))}
          onFocus={() => {
            setOpen(true);
            setActive(0);
          }}
          onBlur={close}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown") {
              event.preventDefault();
              if (!open) setOpen(true);
              else setActive(Math.min(current + 1, Math.max(options.length - 1, 0)));
            } else if (event.key === "ArrowUp") {
              event.preventDefault();
              setActive(Math.max(current - 1, 0));
            } else if (event.key === "Enter" && open && options[current]) {
              event.preventDefault();
              choose(options[current]);
            } else if (event.key === "Escape" && open) {
              event.preventDefault();
              close();
            }
          }}
          className={`w-full border border-zinc-300 bg-white px-3 py-1.5 text-sm text-zinc-900 placeholder:text-zinc-500 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400 ${
            value ? "rounded-l-md" : "rounded-md"
          }`}
        />
        {value ? (
          <button
            type="button"
            aria-label="Clear customer filter"
            onClick={() => onChange(null)}
            className="rounded-r-md border border-l-0 border-zinc-300 bg-white px-2.5 text-zinc-500 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800"
          >
            ×
          </button>
        ) : null}
      </div>
      <ul
        id={`${id}-list`}
        role="listbox"
        aria-label="Customers"
        hidden={!open}
        className="absolute top-full z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        {options.map((customer, index) => (
          <li
            key={customer.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === current}
            // Keep the focus in the input: the click would blur it (and close the list) first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(customer)}
            onMouseEnter={() => setActive(index)}
            className={`cursor-pointer px-3 py-1.5 ${
              index === current ? "bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100" : ""
            }`}
          >
            <span className="block truncate">{customer.email}</span>
            {customer.name ? (
              <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{customer.name}</span>
            ) : null}
          </li>
        ))}
        {open && !options.length ? (
          <li role="presentation" className="px-3 py-1.5 text-zinc-500 dark:text-zinc-400">
            {search.isFetching || term !== text ? "Searching…" : "No customer matches"}
          </li>
        ) : null}
      </ul>
      <p className="sr-only" aria-live="polite">
        {open && search.data && term === text ? `${options.length} customers found` : ""}
      </p>
    </div>
  );
}

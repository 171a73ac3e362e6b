"use client";
// Filter by customer: a combobox that searches the organization's customers by email or name
// (arrow keys move, Enter picks, Escape closes); once picked, a chip that clears the filter.
import { useEffect, useId, useState } from "react";
import { useCustomerSearch, type Customer } from "../hooks/reference";
import { inputClass } from "../ui/field";

type Props = {
  organizationId: string;
  /** The customer_id in the URL, if any. */
  value: string | null;
  /** What to call the selected customer (an email from the rows), when known. */
  selectedLabel?: string;
  onChange: (customer: Customer | null) => void;
};

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function CustomerFilter({ organizationId, value, selectedLabel, onChange }: Props) {
  const id = useId();
  const [picked, setPicked] = useState<Customer | null>(null);
  if (value) {
    const label = selectedLabel ?? (picked?.id === value ? picked.email : `Customer ${value.slice(0, 8)}`);
    return (
      <div>
        <span className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300">Customer</span>
        <span className="inline-flex items-center gap-1 rounded-md border border-indigo-300 bg-indigo-50 py-1 pr-1 pl-2.5 text-sm text-indigo-800 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
          {label}
          <button
            type="button"
            aria-label="Clear the customer filter"
            className="rounded px-1.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-indigo-900"
            onClick={() => onChange(null)}
          >
            ×
          </button>
        </span>
      </div>
    );
  }
  return (
    <CustomerSearch
      id={id}
      organizationId={organizationId}
      onPick={(customer) => {
        setPicked(customer);
        onChange(customer);
      }}
    />
  );
}

function CustomerSearch({
  id,
  organizationId,
  onPick,
}: {
  id: string;
  organizationId: string;
  onPick: (customer: Customer) => void;
}) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(text, 250);
  const search = useCustomerSearch(organizationId, query);
  const options = search.data?.items ?? [];
  const listId = `${id}-customers`;
  const inputId = `${id}-customer`;

  return (
    <div className="relative w-64">
      <label htmlFor={inputId} className="mb-1 block text-xs font-medium text-zinc-600 dark:text-zinc-300">
        Customer
      </label>
      <input
        id={inputId}
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder="Search email or name"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        className={inputClass}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") {
            event.preventDefault();
            setOpen(true);
            setActive((index) => Math.min(index + 1, options.length - 1));
          } else if (event.key === "ArrowUp") {
            event.preventDefault();
            setActive((index) => Math.max(index - 1, 0));
          } else if (event.key === "Enter" && open && options[active]) {
            event.preventDefault();
            onPick(options[active]);
          } else if (event.key === "Escape" && open) {
            event.preventDefault();
            setOpen(false);
          }
        }}
      />
      {open ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Customers"
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-zinc-200 bg-white py-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {options.map((customer, index) => (
            <li
              key={customer.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-1.5 ${
                index === active
                  ? "bg-indigo-50 dark:bg-indigo-950"
                  : "hover:bg-zinc-50 dark:hover:bg-zinc-800"
              }`}
              onMouseDown={(event) => {
                event.preventDefault();
                onPick(customer);
              }}
            >
              <span className="block truncate">{customer.email}</span>
              {customer.name ? (
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                  {customer.name}
                </span>
              ) : null}
            </li>
          ))}
          {options.length === 0 ? (
            <li
              role="presentation"
              className="px-3 py-1.5 text-zinc-500 dark:text-zinc-400"
              aria-live="polite"
            >
              {search.isPending ? "Searching…" : search.isError ? "Search failed." : "No customers found."}
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

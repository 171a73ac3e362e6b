"use client";
// A search box whose value lives in the URL: typing updates the URL 300 ms after the last key, and
// a change of the URL from elsewhere (Clear filters, Back) shows up in the box.
import { useEffect, useRef, useState } from "react";

type Props = {
  label: string;
  placeholder?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  delay?: number;
};

export function SearchBox({ label, placeholder, value, onChange, delay = 300 }: Props) {
  const [text, setText] = useState(value ?? "");
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if ((value ?? "") !== text.trim()) setText(value ?? "");
  }
  const latest = useRef({ text, value, onChange });
  useEffect(() => {
    latest.current = { text, value, onChange };
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <label className="flex min-w-[14rem] flex-1 flex-col text-xs font-medium text-zinc-600 dark:text-zinc-300">
      {label}
      <input
        type="search"
        value={text}
        placeholder={placeholder}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => {
            const current = latest.current;
            // Superseded (the URL changed meanwhile) or nothing new to search for.
            if (current.text !== typed || (typed.trim() || null) === current.value) return;
            current.onChange(typed.trim() || null);
          }, delay);
        }}
        className="mt-1 rounded-md border border-zinc-300 bg-white px-3 py-1.5 text-sm font-normal text-zinc-900 placeholder:text-zinc-400 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      />
    </label>
  );
}

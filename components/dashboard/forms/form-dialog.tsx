"use client";
// A form in a dialog over another form (a benefit made from the product form): the page behind
// keeps everything typed in it. The dialog is portalled to <body> (a <form> may not hold another),
// mounted only while open (its fields never stand beside the page's), and a native <dialog> opened
// with showModal(): focus stays inside, Escape closes it.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { Button } from "../ui/button";
import { linkClass } from "../ui/table";

export function FormDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto max-h-[90vh] w-full max-w-3xl overflow-y-auto rounded-lg bg-zinc-50 p-0 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:bg-zinc-950 dark:text-zinc-100"
    >
      <div className="p-4 sm:p-6">
        <h2 id={titleId} className="mb-4 text-lg font-semibold">
          {title}
        </h2>
        {children}
      </div>
    </dialog>,
    document.body,
  );
}

/** A button (or a link-like one, in a sentence) that opens a FormDialog; `children` gets `close`. */
export function CreateInDialog({
  label,
  title,
  inline = false,
  children,
}: {
  label: string;
  title: string;
  inline?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      {inline ? (
        <button type="button" className={linkClass} onClick={() => setOpen(true)}>
          {label}
        </button>
      ) : (
        <Button size="sm" onClick={() => setOpen(true)}>
          {label}
        </Button>
      )}
      {open ? (
        <FormDialog title={title} onClose={close}>
          {children(close)}
        </FormDialog>
      ) : null}
    </>
  );
}

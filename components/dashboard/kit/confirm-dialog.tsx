"use client";
// The kit's confirm dialog (docs/dashboard.md, "The kit"): every destructive or state-changing
// action asks first. A native <dialog> opened with showModal() traps focus and closes on Escape;
// Cancel comes first so that it, not the action, has the focus when the dialog opens (a field of
// the dialog's form comes before both), and the focus goes back to the opener when it closes.
// While the action runs both buttons are disabled; its error stays in the dialog.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button, type ButtonVariant } from "../ui/button";

type Props = {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** A destructive action: the confirm button is red. */
  destructive?: boolean;
  /** The confirm button's look when not destructive (default primary). */
  variant?: ButtonVariant;
  busy?: boolean;
  /** An error from the last attempt, shown inside the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  destructive = false,
  variant = "primary",
  busy = false,
  error,
  onConfirm,
  onCancel,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  // One id per dialog: a page holds several (a key's page: limits, expiry, each device's
  // deactivation), and a shared id named every dialog after the first one's title.
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-full max-w-md rounded-lg bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/40 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <form
        method="dialog"
        className="p-6"
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {children ? <div className="mt-3 text-sm text-zinc-600 dark:text-zinc-300">{children}</div> : null}
        {error ? (
          <p role="alert" className="mt-3 text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-2">
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={destructive ? "danger" : variant} disabled={busy}>
            {busy ? "Working…" : confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

/** What a confirmed action runs: a react-query mutation's state. */
type ActionState = { isPending: boolean; error: Error | null; reset: () => void };

/**
 * A confirm dialog's open state, for a page that needs it (a query enabled while the dialog is
 * open): opening clears the action's last error and runs `onOpen` (e.g. resets the dialog's fields).
 */
export function useConfirmState(action: Pick<ActionState, "reset">, onOpen?: () => void) {
  const [open, setOpen] = useState(false);
  return {
    open,
    start: () => {
      action.reset();
      onOpen?.();
      setOpen(true);
    },
    close: () => setOpen(false),
  };
}

/**
 * A secondary button that opens a confirm dialog; `onConfirm` runs the action and calls `close`
 * when it succeeded. Destructive actions are never primary-coloured until confirmed.
 */
export function ConfirmButton({
  label,
  size = "md",
  title,
  confirmLabel,
  destructive = false,
  variant,
  action,
  error,
  state,
  onConfirm,
  children,
}: {
  label: ReactNode;
  size?: "sm" | "md";
  title: string;
  confirmLabel: string;
  destructive?: boolean;
  /** The confirm button's look when not destructive (default primary). */
  variant?: ButtonVariant;
  action: ActionState;
  /** What the dialog says went wrong, when more than the action's own error. */
  error?: string | null;
  /** The open state, when the page needs it (`useConfirmState`); the button's own otherwise. */
  state?: ReturnType<typeof useConfirmState>;
  onConfirm: (close: () => void) => void;
  children?: ReactNode;
}) {
  const own = useConfirmState(action);
  const dialog = state ?? own;
  return (
    <>
      <Button size={size} onClick={dialog.start}>
        {label}
      </Button>
      <ConfirmDialog
        open={dialog.open}
        title={title}
        confirmLabel={confirmLabel}
        destructive={destructive}
        variant={variant}
        busy={action.isPending}
        error={error === undefined ? action.error?.message : error}
        onCancel={() => {
          dialog.close();
          action.reset();
        }}
        onConfirm={() => onConfirm(dialog.close)}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}

"use client";
// "Delete" on an item's page (docs/dashboard.md, "The kit"): asks first, deletes, says so and goes
// back to the list. `remove` is the resource's useDelete() (./hooks/resource.ts).
import type { ReactNode } from "react";
import { useRouter } from "next/navigation";
import type { UseMutationResult } from "@tanstack/react-query";
import { useOrgPath } from "../organization";
import { useToast } from "../ui/toast";
import { ConfirmButton } from "./confirm-dialog";

type Props = {
  id: string;
  remove: UseMutationResult<void, Error, string>;
  /** The item as the merchant names it: the dialog asks "Delete <name>?" (or says `title`). */
  name?: string;
  title?: string;
  /** What is deleted, for the confirm button and the toast ("customer"). */
  what: string;
  /** The list to go back to, under the organization; `/<what>s` by default ("/customers"). */
  listPath?: string;
  children: ReactNode;
};

export function DeleteButton({ id, remove, name, title, what, listPath = `/${what}s`, children }: Props) {
  const router = useRouter();
  const orgPath = useOrgPath();
  const notify = useToast();
  return (
    <ConfirmButton
      label="Delete"
      title={title ?? `Delete ${name}?`}
      confirmLabel={`Delete ${what}`}
      destructive
      action={remove}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => {
            notify(`${what[0]!.toUpperCase()}${what.slice(1)} deleted`);
            router.push(orgPath(listPath));
          },
        })
      }
    >
      {children}
    </ConfirmButton>
  );
}

"use client";
// "Copy checkout link": the product's own checkout link (one offering just this product), found
// through GET /v1/checkout-links/?product_id= or created the first time, its url copied and shown.
import { useState } from "react";
import type { z } from "zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { checkoutLinkSchema } from "@/lib/checkout-links/schemas";
import { apiFetch, type Page } from "@/components/api-client";
import { useOrganization } from "../organization";
import { Button } from "../ui/button";
import { inputClass } from "../ui/field";

type CheckoutLink = z.input<typeof checkoutLinkSchema>;

/** The oldest link that offers exactly this one product, if any. */
export function ownLink(links: readonly Pick<CheckoutLink, "products" | "url">[], productId: string) {
  return links.find((link) => link.products.length === 1 && link.products[0]!.id === productId);
}

export function CheckoutLinkAction({ productId }: { productId: string }) {
  const organization = useOrganization();
  const queryClient = useQueryClient();
  const key = ["checkout-links", "list", { organization_id: organization.id, product_id: productId }];
  const links = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      apiFetch<Page<CheckoutLink>>("/v1/checkout-links/", {
        query: { organization_id: organization.id, product_id: productId, limit: 100, sorting: "created_at" },
        signal,
      }),
  });
  const create = useMutation({
    mutationFn: () =>
      apiFetch<CheckoutLink>("/v1/checkout-links/", {
        method: "POST",
        body: { products: [productId], organization_id: organization.id },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ["checkout-links"] }),
  });
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState<"copied" | "select" | null>(null);
  const url = created ?? ownLink(links.data?.items ?? [], productId)?.url ?? null;

  const copy = async () => {
    setCopied(null);
    let link = url;
    if (!link) {
      const made = await create.mutateAsync().catch(() => null);
      if (!made) return;
      link = made.url;
      setCreated(link);
    }
    try {
      await navigator.clipboard.writeText(link);
      setCopied("copied");
    } catch {
      setCopied("select"); // Clipboard refused (insecure context): the url stays selectable below.
    }
  };

  return (
    <div className="flex flex-col items-end gap-1">
      <Button onClick={() => void copy()} disabled={create.isPending || links.isPending}>
        {create.isPending ? "Creating link…" : "Copy checkout link"}
      </Button>
      {url ? (
        <input
          aria-label="Checkout link"
          readOnly
          value={url}
          className={`${inputClass} w-80 font-mono text-xs`}
          onFocus={(event) => event.target.select()}
        />
      ) : null}
      <p aria-live="polite" className="text-xs text-zinc-500 dark:text-zinc-400">
        {copied === "copied"
          ? "Copied to the clipboard"
          : copied === "select"
            ? "Select the link to copy it"
            : ""}
      </p>
      {create.error ? (
        <p role="alert" className="text-xs text-red-600 dark:text-red-400">
          {create.error.message}
        </p>
      ) : null}
    </div>
  );
}

"use client";
// /dashboard/<org>/checkout-links/new and /dashboard/<org>/checkout-links/<id>: the form, and on an
// existing link its public URL (copyable) and a Delete that asks first.
import { recordPages } from "../forms/edit-page";
import { checkoutLinks } from "../hooks/catalog";
import { Card, CopyButton } from "../ui/misc";
import { CheckoutLinkForm } from "./form";
import { checkoutLinkTitle } from "./logic";

export const { NewPage: NewCheckoutLinkPage, EditPage: EditCheckoutLinkPage } = recordPages({
  hooks: checkoutLinks,
  intro: "A lasting URL that opens a fresh checkout for its products on each visit.",
  title: checkoutLinkTitle,
  deleteExplains: "Its URL stops opening checkouts. Checkouts and orders made through it are kept.",
  form: (link) => <CheckoutLinkForm key={link?.id} link={link} />,
  around: (link, form) => (
    <>
      <Card title="URL">
        <CheckoutLinkUrl url={link.url} />
      </Card>
      {form}
    </>
  ),
});

/** The link's public URL, selectable and copyable. */
export function CheckoutLinkUrl({ url }: { url: string }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <code
        data-testid="checkout-link-url"
        className="rounded bg-zinc-100 px-2 py-1 font-mono text-sm break-all select-all dark:bg-zinc-800"
      >
        {url}
      </code>
      <CopyButton value={url} label="Copy URL" />
    </div>
  );
}

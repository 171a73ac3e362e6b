"use client";
// /dashboard/<org>/checkout-links: the organization's checkout links, sorted and paged through the
// URL, each with its public URL to copy and a link to its edit page.
import { checkoutLinks, type CheckoutLinkResource } from "../hooks/catalog";
import { catalogListPage } from "../kit/catalog-list-page";
import { Badge, CopyButton } from "../ui/misc";
import { CHECKOUT_LINK_SORT_FIELDS, checkoutLinkTitle } from "./logic";

export const CheckoutLinksPage = catalogListPage<CheckoutLinkResource>({
  hooks: checkoutLinks,
  sortFields: CHECKOUT_LINK_SORT_FIELDS,
  description: "Lasting URLs to share: each visit opens a fresh checkout for their products.",
  columns: [
    { label: "Link", sort: "label", link: true, cellClassName: "max-w-56 truncate", cell: checkoutLinkTitle },
    {
      label: "Products",
      cellClassName: "max-w-56 truncate",
      cell: (link) => link.products.map((product) => product.name).join(", "),
    },
    {
      label: "URL",
      cell: (link) => (
        <span className="flex items-center gap-2">
          <code className="max-w-64 truncate font-mono text-xs" title={link.url}>
            {link.url}
          </code>
          <CopyButton value={link.url} label="Copy URL" />
        </span>
      ),
    },
    { label: "Discount", cell: (link) => (link.discount ? link.discount.name : <Badge>None</Badge>) },
  ],
  emptyText: "Create one to sell from a page, an email or a post.",
});

"use client";
// /dashboard/<org>/checkout-links: the organization's checkout links, sorted and paged through the
// URL, each with its public URL to copy and a link to its edit page.
import { formatDate } from "../format";
import { checkoutLinks, type CheckoutLinkResource } from "../hooks/checkout-links";
import { createdColumn, type Column } from "../kit/data-table";
import { RecordListPage } from "../kit/list-page";
import { useListView } from "../list-view";
import { Badge, CopyButton } from "../ui/misc";
import { CHECKOUT_LINK_SORT_FIELDS, checkoutLinkTitle } from "./logic";

export function CheckoutLinksPage() {
  const view = useListView(CHECKOUT_LINK_SORT_FIELDS, ["-created_at"], { search: false });
  const list = checkoutLinks.useList(view.params);
  const columns: Column<CheckoutLinkResource>[] = [
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
    createdColumn(formatDate),
  ];

  return (
    <RecordListPage
      title="Checkout links"
      description="Lasting URLs to share: each visit opens a fresh checkout for their products."
      records={{ path: "/checkout-links", noun: "checkout link" }}
      view={view}
      list={list}
      columns={columns}
      empty={{ title: "No checkout links yet", text: "Create one to sell from a page, an email or a post." }}
    />
  );
}

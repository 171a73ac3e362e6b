// The dashboard's navigation, grouped as a merchant thinks about the business: selling, what is
// sold, who bought, what developers wire up, and the organization's settings (docs/dashboard.md).

export type NavItem = {
  label: string;
  /** Within the organization (`/dashboard/<slug>` + path), or absolute when `external`. */
  path: string;
  /** A page outside the dashboard (the API reference), opened as it is. */
  external?: boolean;
};

export type NavGroup = { label: string; items: NavItem[] };

export const NAV_GROUPS: NavGroup[] = [
  {
    label: "Sales",
    items: [
      { label: "Overview", path: "" },
      { label: "Orders", path: "/orders" },
      { label: "Subscriptions", path: "/subscriptions" },
      { label: "Checkouts", path: "/checkouts" },
    ],
  },
  {
    label: "Catalog",
    items: [
      { label: "Products", path: "/products" },
      { label: "Benefits", path: "/benefits" },
      { label: "Discounts", path: "/discounts" },
      { label: "Custom fields", path: "/custom-fields" },
      { label: "Checkout links", path: "/checkout-links" },
    ],
  },
  {
    label: "Customers",
    items: [
      { label: "Customers", path: "/customers" },
      { label: "License keys", path: "/license-keys" },
    ],
  },
  {
    label: "Developers",
    items: [
      { label: "Access tokens", path: "/tokens" },
      { label: "Webhooks", path: "/webhooks" },
      { label: "API reference", path: "/docs", external: true },
      { label: "Emails", path: "/emails" },
    ],
  },
  { label: "Settings", items: [{ label: "Settings", path: "/settings" }] },
];

/**
 * Whether the page at `pathname` belongs to the item at `path` of the organization at `base`:
 * the Overview only on itself, another item on itself and its sub-pages (`/orders/<id>`).
 */
export function isActivePath(pathname: string, base: string, path: string): boolean {
  if (pathname !== base && !pathname.startsWith(`${base}/`)) return false;
  const section = pathname.slice(base.length);
  if (path === "") return section === "" || section === "/";
  return section === path || section.startsWith(`${path}/`);
}

/** The label of the item the page belongs to, for the phone's menu button ("Orders"). */
export function activeLabel(pathname: string, base: string): string | null {
  for (const group of NAV_GROUPS) {
    for (const item of group.items) {
      if (!item.external && isActivePath(pathname, base, item.path)) return item.label;
    }
  }
  return null;
}

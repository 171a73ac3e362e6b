import { describe, expect, it } from "vitest";
import { activeLabel, isActivePath, NAV_GROUPS } from "./nav-groups";

const base = "/dashboard/acme";

describe("dashboard navigation", () => {
  it("groups the pages as sales, catalog, customers, developers and settings", () => {
    expect(NAV_GROUPS.map((group) => [group.label, group.items.map((item) => item.label)])).toEqual([
      ["Sales", ["Overview", "Orders", "Subscriptions", "Checkouts"]],
      ["Catalog", ["Products", "Benefits", "Discounts", "Custom fields", "Checkout links"]],
      ["Customers", ["Customers", "License keys"]],
      ["Developers", ["Access tokens", "Webhooks", "API reference", "Emails"]],
      ["Settings", ["Settings"]],
    ]);
    const paths = NAV_GROUPS.flatMap((group) => group.items.map((item) => item.path));
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("marks the Overview on itself only, another item on its sub-pages too", () => {
    expect(isActivePath(base, base, "")).toBe(true);
    expect(isActivePath(`${base}/`, base, "")).toBe(true);
    expect(isActivePath(`${base}/orders`, base, "")).toBe(false);
    expect(isActivePath(`${base}/orders/123`, base, "/orders")).toBe(true);
    expect(isActivePath(`${base}/checkouts`, base, "/checkout-links")).toBe(false);
    expect(isActivePath(`${base}/checkout-links/new`, base, "/checkouts")).toBe(false);
    expect(isActivePath("/dashboard/acme-two/orders", base, "/orders")).toBe(false);
  });

  it("names the current page for the phone's menu button", () => {
    expect(activeLabel(`${base}/license-keys/k1/activations/a1`, base)).toBe("License keys");
    expect(activeLabel(base, base)).toBe("Overview");
    expect(activeLabel(`${base}/password`, base)).toBeNull();
  });
});

// Sign-in's `next` parameter: dashboard paths on this site are kept; anything that could leave the
// site (or the dashboard) is dropped.
import { describe, expect, it } from "vitest";
import { safeNextPath, signInPath } from "./next-path";

describe("safeNextPath", () => {
  it("keeps dashboard paths with their query and fragment", () => {
    expect(safeNextPath("/dashboard")).toBe("/dashboard");
    expect(safeNextPath("/dashboard/demo")).toBe("/dashboard/demo");
    expect(safeNextPath("/dashboard/demo/orders?product_price_type=recurring&sorting=-amount")).toBe(
      "/dashboard/demo/orders?product_price_type=recurring&sorting=-amount",
    );
    expect(safeNextPath("/dashboard/demo/orders#top")).toBe("/dashboard/demo/orders#top");
  });

  it.each([
    null,
    "",
    "https://evil.example/",
    "https://evil.example/dashboard",
    "//evil.example/",
    "//evil.example/dashboard",
    "/\\evil.example/",
    "/\\/evil.example/dashboard",
    "\\\\evil.example",
    "/dashboard\\..\\..\\evil.example",
    "/dashboard/..//evil.example",
    "/dashboard/../..//evil.example/dashboard",
    "/dashboard/%2e%2e//evil.example",
    "/\t/evil.example",
    "/dashboard\n//evil.example",
    " /dashboard",
    "javascript:alert(1)",
    "/dashboard.evil.example",
    "/dashboardx",
    "/checkout/secret",
    "/dashboard/sign-in?next=https://evil.example",
    "dashboard/demo",
  ])("drops %j", (next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it("normalizes dot segments that stay inside the dashboard", () => {
    expect(safeNextPath("/dashboard/demo/../other")).toBe("/dashboard/other");
  });
});

describe("signInPath", () => {
  it("carries a dashboard page as next, and nothing else", () => {
    expect(signInPath("/dashboard/demo/orders?sorting=-amount")).toBe(
      "/dashboard/sign-in?next=%2Fdashboard%2Fdemo%2Forders%3Fsorting%3D-amount",
    );
    expect(signInPath("//evil.example")).toBe("/dashboard/sign-in");
  });
});

import { describe, expect, it } from "vitest";
import { customersExportUrl } from "./customers";
import { subscriptionsExportUrl } from "./subscriptions";

describe("the lists' Export CSV links", () => {
  it("carry the customers list's search, never its pagination or sorting", () => {
    const params = { organization_id: "org", query: "ada@", sorting: ["email"], page: 3, limit: 20 };
    expect(customersExportUrl(params)).toBe("/v1/customers/export?organization_id=org&query=ada%40");
    expect(customersExportUrl({ organization_id: "org", query: null })).toBe(
      "/v1/customers/export?organization_id=org",
    );
  });

  it("carry the subscriptions list's status and active filters", () => {
    const params = { organization_id: "org", status: "trialing", active: false, page: 2, limit: 20 };
    expect(subscriptionsExportUrl(params)).toBe(
      "/v1/subscriptions/export?organization_id=org&status=trialing&active=false",
    );
    expect(subscriptionsExportUrl({ organization_id: "org" })).toBe(
      "/v1/subscriptions/export?organization_id=org",
    );
  });
});

import { describe, expect, it } from "vitest";
import { exportUrl } from "./orders";

describe("exportUrl", () => {
  it("carries the filters and every sorting criterion, in order", () => {
    expect(
      exportUrl({
        organization_id: "org",
        product_price_type: "recurring",
        query: "ada@",
        sorting: ["-amount", "created_at"],
      }),
    ).toBe(
      "/v1/orders/export?organization_id=org&product_price_type=recurring&query=ada%40&sorting=-amount&sorting=created_at",
    );
  });

  it("leaves out empty filters and never sends pagination", () => {
    const params = { organization_id: "org", product_id: "", page: 3, limit: 50 };
    expect(exportUrl(params)).toBe("/v1/orders/export?organization_id=org");
  });
});

import { describe, expect, it } from "vitest";
import { ApiError } from "./errors";
import { foundOrThrow, inOrganizations, organizationForCreate, tenantWhere } from "./tenancy";
import type { Principal } from "./principal";

const principal: Principal = {
  kind: "user_session",
  id: "s",
  organizationIds: ["a", "b"],
  scopes: new Set(),
};

describe("tenantWhere", () => {
  it("scopes to the principal's organizations, narrowed but never widened by a filter", () => {
    expect(tenantWhere(principal)).toEqual({ organization_id: { in: ["a", "b"] } });
    expect(tenantWhere(principal, [])).toEqual({ organization_id: { in: ["a", "b"] } });
    expect(tenantWhere(principal, ["b", "z"])).toEqual({ organization_id: { in: ["b"] } });
    expect(tenantWhere(principal, ["z"])).toEqual({ organization_id: { in: [] } });
  });

  it("copies the ids, so the condition cannot alias the principal's list", () => {
    const where = inOrganizations(principal.organizationIds);
    expect(where.organization_id.in).not.toBe(principal.organizationIds);
  });
});

describe("foundOrThrow", () => {
  it("returns a found row and turns a missing one into the contract's 404", () => {
    expect(foundOrThrow({ id: "x" })).toEqual({ id: "x" });
    expect(foundOrThrow(0)).toBe(0);
    for (const missing of [null, undefined]) {
      let error: unknown;
      try {
        foundOrThrow(missing, "License key not found.");
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(404);
      expect((error as ApiError).body()).toEqual({
        error: "ResourceNotFound",
        detail: "License key not found.",
      });
    }
  });
});

describe("organizationForCreate", () => {
  const problemOf = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as ApiError).body();
    }
    throw new Error("expected a 422");
  };

  it("takes the body's organization when it is the principal's, else the only one", () => {
    expect(organizationForCreate(principal, "b")).toBe("b");
    expect(organizationForCreate({ ...principal, organizationIds: ["a"] }, undefined)).toBe("a");
    expect(organizationForCreate({ ...principal, organizationIds: ["a"] }, null)).toBe("a");
  });

  it("refuses another organization, and a missing one when the principal has several", () => {
    expect(problemOf(() => organizationForCreate(principal, "z"))).toEqual({
      error: "RequestValidationError",
      detail: [
        { type: "value_error", loc: ["body", "organization_id"], msg: "Organization not found.", input: "z" },
      ],
    });
    expect(problemOf(() => organizationForCreate(principal, undefined))).toEqual({
      error: "RequestValidationError",
      detail: [{ type: "missing", loc: ["body", "organization_id"], msg: "Field required", input: null }],
    });
  });
});

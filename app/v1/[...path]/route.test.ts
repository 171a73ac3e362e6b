import { describe, expect, it } from "vitest";
import { call } from "@/test/http";
import { DELETE, GET, POST } from "./route";

describe("unknown /v1 routes", () => {
  it("answer a JSON 404 for every method", async () => {
    for (const [handler, method] of [
      [GET, "GET"],
      [POST, "POST"],
      [DELETE, "DELETE"],
    ] as const) {
      const res = await call(handler, { method, path: "/v1/nothing/here" });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    }
  });
});

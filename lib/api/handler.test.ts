import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { call } from "../../test/http";
import { ApiError } from "../core/errors";
import { methods, route } from "./handler";
import { id } from "../core/validation";

const echo = route(
  {
    auth: "public",
    params: z.object({ id: id() }),
    body: z.object({ name: z.string().min(1) }),
    status: 201,
  },
  async ({ params, body }) => ({ id: params.id, name: body.name }),
);

describe("route wrapper", () => {
  it("parses path and body and sends the status", async () => {
    const res = await call(echo, {
      params: { id: "AAAAAAAA-AAAA-4AAA-8AAA-AAAAAAAAAAAA" },
      body: { name: "x", extra: 1 },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.body).toEqual({ id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", name: "x" });
  });

  it("reports path and body problems together", async () => {
    const res = await call(echo, { params: { id: "nope" }, body: { name: "" } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: "RequestValidationError",
      detail: [
        { type: "uuid_parsing", loc: ["path", "id"], msg: "Input should be a valid UUID", input: "nope" },
        {
          type: "string_too_short",
          loc: ["body", "name"],
          msg: "String should have at least 1 characters",
          input: "",
        },
      ],
    });
  });

  it("answers malformed JSON with 422 json_invalid and a missing body with 422 missing", async () => {
    const params = { id: "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa" };
    const bad = await call(echo, { params, rawBody: '{"name": ' });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe("RequestValidationError");
    expect(bad.body.detail).toHaveLength(1);
    expect(bad.body.detail[0]).toMatchObject({ type: "json_invalid", loc: ["body"] });
    const empty = await call(echo, { method: "POST", params });
    expect(empty.body).toEqual({
      error: "RequestValidationError",
      detail: [{ type: "missing", loc: ["body"], msg: "Field required", input: null }],
    });
  });

  it("maps domain errors and hides unexpected ones", async () => {
    const fail = (error: unknown) => route({ auth: "public" }, async () => Promise.reject(error));
    expect(
      await call(fail(new ApiError("NotOpenCheckout", "Checkout x is not open: expired"))),
    ).toMatchObject({
      status: 403,
      body: { error: "NotOpenCheckout", detail: "Checkout x is not open: expired" },
    });
    expect(await call(fail(Object.assign(new Error("db says unique"), { code: "P2002" })))).toMatchObject({
      status: 409,
      body: { error: "ResourceAlreadyExists" },
    });
    // A foreign key a concurrent delete broke, from Prisma (P2003) or straight from the driver.
    for (const code of ["P2003", "23503"])
      expect(await call(fail(Object.assign(new Error("fk"), { code })))).toMatchObject({
        status: 409,
        body: {
          error: "ConflictError",
          detail: "A resource this request refers to was removed or is still in use.",
        },
      });
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const crash = await call(fail(new Error('relation "secret_table" does not exist')));
    expect(crash).toMatchObject({
      status: 500,
      body: { error: "InternalServerError", detail: "Internal Server Error" },
    });
    expect(JSON.stringify(crash.body)).not.toContain("secret_table");
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it("answers unimplemented methods with a JSON 405 and Allow", async () => {
    const handlers = methods({ GET: echo, PATCH: echo });
    const res = await call(handlers.DELETE, { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, PATCH");
    expect(res.body).toEqual({ error: "MethodNotAllowed", detail: "Method Not Allowed" });
  });
});

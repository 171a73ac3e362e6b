// Request bodies: refused past the size limit before the rest is read, decoded as strict UTF-8,
// and accepted only as JSON.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { POST as activate } from "../../app/v1/customer-portal/license-keys/activate/route";
import { PATCH as updateClientCheckout } from "../../app/v1/checkouts/custom/client/[client_secret]/route";
import { POST as uploadFile } from "../../app/v1/files/route";
import { UPLOAD_BODY_MAX_BYTES } from "../files/limits";
import {
  createFixture,
  createFixtureLicenseKey,
  FIXTURE_TIMEOUT_MS,
  databaseFingerprint,
  rawRequest,
  send,
  streamedBody,
  type Fixture,
} from "../../test/hostile";
import { LINGER_LIMITS } from "../http/linger";
import { bodyLimitBeforeRouting, isJsonMediaType, isMultipartFormData, maxBodyBytes } from "./request-body";

const MIB = 1024 * 1024;
const CHUNK = 64 * 1024;

let fixture: Fixture;

beforeAll(async () => {
  fixture = await createFixture();
}, FIXTURE_TIMEOUT_MS);

afterEach(() => {
  delete process.env.MAX_BODY_BYTES;
});

const activatePath = "/v1/customer-portal/license-keys/activate";

describe("the body size limit", () => {
  it("is 1 MiB unless MAX_BODY_BYTES says otherwise", () => {
    expect(maxBodyBytes()).toBe(MIB);
    process.env.MAX_BODY_BYTES = "2048";
    expect(maxBodyBytes()).toBe(2048);
    process.env.MAX_BODY_BYTES = "lots";
    expect(maxBodyBytes()).toBe(MIB);
  });

  it("refuses a 100 MB streamed body to a public route with 413 after reading about the limit", async () => {
    const before = await databaseFingerprint();
    const { stream, counter } = streamedBody(100 * MIB, CHUNK);
    const started = performance.now();
    const answer = await send(
      activate,
      rawRequest({
        method: "POST",
        path: activatePath,
        headers: { "content-type": "application/json" },
        body: stream,
      }),
    );
    const elapsed = performance.now() - started;
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      error: "PayloadTooLarge",
      detail: `The request body should be at most ${MIB} bytes.`,
    });
    // The stream was kept up to the limit, then read on and discarded for a bounded amount (so
    // that a client still writing reads the 413 instead of a reset: lib/http/linger.ts), then
    // cancelled: never 100 MB.
    const discarded = LINGER_LIMITS.maxBytes;
    expect(counter.pulled).toBeGreaterThan(MIB + discarded);
    expect(counter.pulled).toBeLessThanOrEqual(MIB + discarded + 4 * CHUNK);
    expect(elapsed).toBeLessThan(5_000);
    expect(await databaseFingerprint()).toEqual(before);
  });

  it("refuses a declared Content-Length over the limit without reading a byte", async () => {
    const { stream, counter } = streamedBody(100 * MIB, CHUNK);
    const answer = await send(
      activate,
      rawRequest({
        method: "POST",
        path: activatePath,
        headers: { "content-type": "application/json", "content-length": String(100 * MIB) },
        body: stream,
      }),
    );
    expect(answer.status).toBe(413);
    expect(counter.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it("follows MAX_BODY_BYTES", async () => {
    process.env.MAX_BODY_BYTES = "2048";
    const key = await createFixtureLicenseKey(fixture);
    const body = (label: string) =>
      new TextEncoder().encode(
        JSON.stringify({ key: key.key, organization_id: fixture.organizationId, label, meta: { pad: "" } }),
      );
    const request = (label: string, padding: number) =>
      rawRequest({
        method: "POST",
        path: activatePath,
        headers: { "content-type": "application/json" },
        body: new Uint8Array([...body(label), ...new Uint8Array(padding).fill(0x20)]),
      });
    expect((await send(activate, request("Laptop", 3_000))).status).toBe(413);
    expect((await send(activate, request("Laptop", 1_000))).status).toBe(200);
  });
});

describe("the body's encoding", () => {
  it("answers invalid UTF-8 with 422 json_invalid instead of storing U+FFFD", async () => {
    const before = await databaseFingerprint();
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"customer_name":"Ren'),
      0xe9, // "é" in Latin-1: not UTF-8
      ...new TextEncoder().encode('e"}'),
    ]);
    const answer = await send(
      updateClientCheckout,
      rawRequest({
        method: "PATCH",
        path: `/v1/checkouts/custom/client/${fixture.clientSecret}`,
        headers: { "content-type": "application/json" },
        body: bytes,
      }),
      { client_secret: fixture.clientSecret },
    );
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      error: "RequestValidationError",
      detail: [
        { type: "json_invalid", loc: ["body"], msg: "The request body is not valid UTF-8", input: {} },
      ],
    });
    expect(await databaseFingerprint()).toEqual(before);
    const session = await (
      await getDb()
    ).checkoutSession.findUniqueOrThrow({ where: { id: fixture.checkoutId } });
    expect(session.customer_name).toBeNull();
  });
});

describe("isJsonMediaType", () => {
  it.each([
    ["application/json", true],
    ["Application/JSON; charset=UTF-8", true],
    ["application/json;charset=utf8", true],
    ["application/merge-patch+json", true],
    ["application/vnd.api+json; charset=utf-8", true],
    ["application/json; charset=iso-8859-1", false],
    ["text/plain", false],
    ["text/plain; charset=utf-8", false],
    ["application/x-www-form-urlencoded", false],
    ["multipart/form-data; boundary=x", false],
    ["application/jsonp", false],
    ["text/json", false],
    ["", false],
  ])("%j is JSON: %s", (header, expected) => {
    expect(isJsonMediaType(header)).toBe(expected);
  });
});

describe("upload routes (the `upload` option)", () => {
  const multipart = { "content-type": "multipart/form-data; boundary=b" };
  const upload = (headers: Record<string, string>, body: Uint8Array | ReadableStream<Uint8Array>) =>
    send(
      uploadFile,
      rawRequest({
        method: "POST",
        path: "/v1/files/",
        headers: { authorization: `Bearer ${fixture.token}`, ...headers },
        body,
      }),
    );
  const tooLarge = {
    error: "PayloadTooLarge",
    detail: `The request body should be at most ${UPLOAD_BODY_MAX_BYTES} bytes.`,
  };

  it("take bodies past MAX_BODY_BYTES, up to their own limit", async () => {
    // 2 MiB of form: over the JSON limit, under the upload one; not an image, so 422 (not 413).
    const padding = "x".repeat(2 * MIB);
    const body = new TextEncoder().encode(
      `--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\n${padding}\r\n--b--\r\n`,
    );
    const answer = await upload(multipart, body);
    expect(answer.status).toBe(422);
    expect((answer.body as { detail: { loc: unknown[] }[] }).detail[0]!.loc).toEqual(["body", "file"]);
  });

  it("refuse a declared Content-Length over their limit without reading a byte", async () => {
    const { stream, counter } = streamedBody(100 * MIB, CHUNK);
    const answer = await upload(
      { ...multipart, "content-length": String(UPLOAD_BODY_MAX_BYTES + 1) },
      stream,
    );
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual(tooLarge);
    expect(counter.pulled).toBeLessThanOrEqual(CHUNK);
  });

  it("count a chunked 100 MB body, or one under a lying Content-Length, and stop at the limit", async () => {
    const before = await databaseFingerprint();
    for (const headers of [multipart, { ...multipart, "content-length": "1000" }]) {
      const { stream, counter } = streamedBody(100 * MIB, CHUNK);
      const answer = await upload(headers, stream);
      expect(answer.status).toBe(413);
      expect(answer.body).toEqual(tooLarge);
      // Kept up to the limit, then discarded for a bounded amount (lib/http/linger.ts), then cut.
      expect(counter.pulled).toBeGreaterThan(UPLOAD_BODY_MAX_BYTES + LINGER_LIMITS.maxBytes);
      expect(counter.pulled).toBeLessThanOrEqual(UPLOAD_BODY_MAX_BYTES + LINGER_LIMITS.maxBytes + 4 * CHUNK);
    }
    expect(await databaseFingerprint()).toEqual(before);
  });

  it("answer every other media type with 415 (JSON announces a file in parts: 422 for {}), and JSON routes still refuse multipart", async () => {
    for (const type of ["text/plain", "multipart/mixed; boundary=b"]) {
      const answer = await upload({ "content-type": type }, new TextEncoder().encode("{}"));
      expect(answer.status, type).toBe(415);
    }
    const announced = await upload({ "content-type": "application/json" }, new TextEncoder().encode("{}"));
    expect(announced.status).toBe(422);
    const json = await send(
      activate,
      rawRequest({
        method: "POST",
        path: activatePath,
        headers: multipart,
        body: new TextEncoder().encode("--b--"),
      }),
    );
    expect(json.status).toBe(415);
  });

  it("are known to the pre-routing guard, which lets only them past MAX_BODY_BYTES", () => {
    expect(bodyLimitBeforeRouting("POST", "/v1/files/")).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(bodyLimitBeforeRouting("post", "/v1/files?x=1")).toBe(UPLOAD_BODY_MAX_BYTES);
    expect(bodyLimitBeforeRouting("PATCH", "/v1/files/")).toBe(MIB);
    // A part of an upload in parts, at its signed URL.
    expect(bodyLimitBeforeRouting("PUT", "/v1/files/f1/parts/1?expires=1&signature=s")).toBe(64 * MIB);
    expect(bodyLimitBeforeRouting("POST", "/v1/files/x")).toBe(MIB);
    expect(bodyLimitBeforeRouting("POST", "/v1/orders/")).toBe(MIB);
    expect(bodyLimitBeforeRouting(undefined, undefined)).toBe(MIB);
  });
});

describe("isMultipartFormData", () => {
  it.each([
    ["multipart/form-data; boundary=x", true],
    ["Multipart/Form-Data;boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW", true],
    ['multipart/form-data; charset=utf-8; boundary="a b"', true],
    ["multipart/form-data", false],
    ["multipart/form-data; boundary=", false],
    ["multipart/mixed; boundary=x", false],
    ["application/json", false],
  ])("%j is multipart/form-data: %s", (header, expected) => {
    expect(isMultipartFormData(header)).toBe(expected);
  });
});

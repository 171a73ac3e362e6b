// What an HTML form on another site can send (text/plain, urlencoded, multipart; no custom
// header) must not act on the API: it once signed a victim into the attacker's account and
// signed another out. Every route that takes a body answers 415 unless it is JSON.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import {
  createFixture,
  FIXTURE_TIMEOUT_MS,
  databaseFingerprint,
  MERCHANT_EMAIL,
  MERCHANT_PASSWORD,
  rawRequest,
  send,
  type Fixture,
} from "@/test/hostile";
import { POST as signIn } from "./auth/sign-in/route";
import { POST as signOut } from "./auth/sign-out/route";
import { GET as session } from "./auth/session/route";
import { POST as confirm } from "./checkouts/custom/client/[client_secret]/confirm/route";
import { PATCH as updateLicenseKey } from "./license-keys/[id]/route";

let fixture: Fixture;

beforeAll(async () => {
  fixture = await createFixture();
}, FIXTURE_TIMEOUT_MS);

const encode = (text: string) => new TextEncoder().encode(text);

/** The three encodings an HTML form can use, each carrying the JSON an attacker would want read. */
function formBodies(json: object): [string, Uint8Array][] {
  const text = JSON.stringify(json);
  return [
    // <form enctype="text/plain"> with one field named `{"email":"...","x":"` and value `"}`.
    ["text/plain", encode(text)],
    [
      "application/x-www-form-urlencoded",
      encode(new URLSearchParams(json as Record<string, string>).toString()),
    ],
    [
      "multipart/form-data; boundary=b",
      encode(`--b\r\nContent-Disposition: form-data; name="x"\r\n\r\n${text}\r\n--b--\r\n`),
    ],
  ];
}

const unsupported = {
  error: "UnsupportedMediaType",
  detail: "Send the request body as JSON, with Content-Type: application/json.",
};

describe("cross-site form posts", () => {
  it("cannot sign anyone in", async () => {
    const before = await databaseFingerprint();
    for (const [type, body] of formBodies({ email: MERCHANT_EMAIL, password: MERCHANT_PASSWORD })) {
      const answer = await send(
        signIn,
        rawRequest({ method: "POST", path: "/v1/auth/sign-in", headers: { "content-type": type }, body }),
      );
      expect(answer.status, type).toBe(415);
      expect(answer.body).toEqual(unsupported);
    }
    expect(await databaseFingerprint()).toEqual(before);
  });

  it("cannot sign the victim out", async () => {
    const headers = { cookie: fixture.session.cookie };
    const before = await databaseFingerprint();
    for (const [type, body] of formBodies({})) {
      const answer = await send(
        signOut,
        rawRequest({
          method: "POST",
          path: "/v1/auth/sign-out",
          headers: { ...headers, "content-type": type },
          body,
        }),
      );
      expect(answer.status, type).toBe(415);
      expect(answer.body).toEqual(unsupported);
    }
    expect(await databaseFingerprint()).toEqual(before);
    expect(
      (await send(session, rawRequest({ method: "GET", path: "/v1/auth/session", headers }))).status,
    ).toBe(200);
  });

  it("cannot confirm (pay) a checkout", async () => {
    const before = await databaseFingerprint();
    const body = {
      customer_email: "buyer@example.com",
      customer_name: "Buyer",
      customer_billing_address: { country: "US" },
      confirmation_token_id: "tok_visa",
    };
    const path = `/v1/checkouts/custom/client/${fixture.clientSecret}/confirm`;
    for (const [type, bytes] of formBodies(body)) {
      const answer = await send(
        confirm,
        rawRequest({ method: "POST", path, headers: { "content-type": type }, body: bytes }),
        {
          client_secret: fixture.clientSecret,
        },
      );
      expect(answer.status, type).toBe(415);
    }
    expect(await databaseFingerprint()).toEqual(before);
    const checkout = await (
      await getDb()
    ).checkoutSession.findUniqueOrThrow({ where: { id: fixture.checkoutId } });
    expect(checkout.status).toBe("open");
  });

  it("refuses JSON sent without a content type, but lets a body-less sign-out through", async () => {
    const answer = await send(
      signIn,
      rawRequest({
        method: "POST",
        path: "/v1/auth/sign-in",
        body: encode(JSON.stringify({ email: MERCHANT_EMAIL, password: MERCHANT_PASSWORD })),
      }),
    );
    expect(answer.status).toBe(415);
    const out = await send(signOut, rawRequest({ method: "POST", path: "/v1/auth/sign-out" }));
    expect(out.status).toBe(204);
  });

  it("accepts JSON with a charset and the +json media types", async () => {
    for (const type of ["application/json; charset=utf-8", "application/merge-patch+json"]) {
      const answer = await send(
        updateLicenseKey,
        rawRequest({
          method: "PATCH",
          path: `/v1/license-keys/${fixture.licenseKey.id}`,
          headers: { authorization: `Bearer ${fixture.token}`, "content-type": type },
          body: encode(JSON.stringify({ usage: 1 })),
        }),
        { id: fixture.licenseKey.id },
      );
      expect(answer.status, type).toBe(200);
    }
  });
});

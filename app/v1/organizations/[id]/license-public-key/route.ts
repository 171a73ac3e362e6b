// GET /v1/organizations/{id}/license-public-key — the Ed25519 public key that verifies the
// organization's offline license certificates. Public (merchants embed it in their software; a
// token is not needed and not checked), limited per client address; created on first use.
import { methods, route } from "@/lib/api/handler";
import { licensePublicKeySchema } from "@/lib/licensing/schemas";
import { getLicensePublicKey } from "@/lib/licensing/signing-keys";
import { organizationParams } from "@/lib/organizations/schemas";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: route(
    {
      auth: "public",
      params: organizationParams,
      output: licensePublicKeySchema,
      summary: "Get the public key that verifies the organization's offline license certificates",
    },
    ({ db, params }) => getLicensePublicKey(db, params.id),
  ),
});

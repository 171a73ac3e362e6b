-- Signed offline licenses: one Ed25519 signing key per organization, created on first use. The
-- public key is stored raw (32 bytes, base64url); the private key only sealed with the server
-- secret (lib/secrets, bound to its organization), so a dump of the database cannot forge
-- certificates.
CREATE TABLE "organization_signing_keys" (
    "organization_id" UUID NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "algorithm" TEXT NOT NULL,
    "public_key" TEXT NOT NULL,
    "private_key_sealed" TEXT NOT NULL,
    CONSTRAINT "organization_signing_keys_pkey" PRIMARY KEY ("organization_id")
);

ALTER TABLE "organization_signing_keys" ADD CONSTRAINT "organization_signing_keys_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Benefits carry metadata, like the reference API's (the same limits as every resource's metadata,
-- checked by the API). Existing benefits get an empty object.
ALTER TABLE "benefits" ADD COLUMN "metadata" JSONB NOT NULL DEFAULT '{}';

-- Download counts of the `downloadables` benefit's files (docs/uploads-and-limits.md "Download
-- statistics"): one row per benefit, file and customer, upserted each time a signed download link
-- is served; GET /v1/benefits/{id}/files reads them.
CREATE TABLE "file_downloads" (
    "benefit_id" UUID NOT NULL,
    "media_id" UUID NOT NULL,
    "customer_id" UUID NOT NULL,
    "downloads" INTEGER NOT NULL DEFAULT 0,
    "first_downloaded_at" TIMESTAMP(3) NOT NULL,
    "last_downloaded_at" TIMESTAMP(3) NOT NULL,
    CONSTRAINT "file_downloads_pkey" PRIMARY KEY ("benefit_id", "media_id", "customer_id")
);

CREATE INDEX "file_downloads_media_id_idx" ON "file_downloads"("media_id");

CREATE INDEX "file_downloads_customer_id_idx" ON "file_downloads"("customer_id");

ALTER TABLE "file_downloads" ADD CONSTRAINT "file_downloads_benefit_id_fkey" FOREIGN KEY ("benefit_id") REFERENCES "benefits"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "file_downloads" ADD CONSTRAINT "file_downloads_media_id_fkey" FOREIGN KEY ("media_id") REFERENCES "medias"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "file_downloads" ADD CONSTRAINT "file_downloads_customer_id_fkey" FOREIGN KEY ("customer_id") REFERENCES "customers"("id") ON DELETE CASCADE ON UPDATE CASCADE;

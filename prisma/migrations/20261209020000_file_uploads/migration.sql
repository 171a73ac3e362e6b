-- Files uploaded in parts (issue 31, docs/uploads-and-limits.md "Downloadable files"): a file is
-- announced with its size and parts (a `medias` row, not uploaded yet, with its upload's id and
-- parts), each part is PUT to a URL signed by the server and kept until the upload completes,
-- when the parts become one stored file.
ALTER TABLE "medias" ADD COLUMN "upload_id" UUID,
                     ADD COLUMN "upload_parts" JSONB;

CREATE TABLE "file_upload_parts" (
    "media_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "size" INTEGER NOT NULL,
    "checksum_etag" TEXT NOT NULL,
    "checksum_sha256_base64" TEXT NOT NULL,

    CONSTRAINT "file_upload_parts_pkey" PRIMARY KEY ("media_id","number")
);

ALTER TABLE "file_upload_parts" ADD CONSTRAINT "file_upload_parts_media_id_fkey" FOREIGN KEY ("media_id") REFERENCES "medias"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Deleting a discount through the API marks it deleted rather than removing the row, so orders and
-- subscriptions that used it keep it (the reference API deletes discounts the same way). Its code is
-- freed at the same time (code_key set to NULL), so a new discount can take it.
ALTER TABLE "discounts" ADD COLUMN "deleted_at" TIMESTAMP(3);

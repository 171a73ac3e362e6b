-- A key's current activations are read by every activate, validate with an activation, deactivate
-- and GET /v1/license-keys/{id} (deleted_at IS NULL). Deactivation keeps the row (soft delete),
-- so a key used by short-lived machines builds a long history, and with the index on
-- (license_key_id, created_at) each of those reads filtered all of it: at 20,000 deactivated rows
-- a key's current activations took 1.3 ms to read (a sequential scan) instead of 0.06 ms (issue 10:
-- `npm run bench` activates and deactivates one key thousands of times, and GET license key's
-- database CPU doubled between its two rounds). With deleted_at in the index, the current ones are
-- one range of it, sorted by created_at.
DROP INDEX "license_key_activations_license_key_id_created_at_idx";
CREATE INDEX "license_key_activations_current_idx"
  ON "license_key_activations"("license_key_id", "deleted_at", "created_at");

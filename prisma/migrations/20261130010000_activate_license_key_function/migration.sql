-- POST /v1/customer-portal/license-keys/activate in one round trip (issue 10): the key's row lock,
-- then the device's current activation or a new one if a slot is free, as one function call
-- instead of BEGIN, the lock, the insert and COMMIT (four round trips, each with its own wait for
-- the pool and its own protocol work on both sides).
--
-- Why a function and not one statement: a statement sees the database as it was when it started
-- (READ COMMITTED), so one that waits for the key's lock would then count the activations without
-- those the lock's holder just committed, and parallel activations could all take the last slot.
-- In a volatile PL/pgSQL function each statement takes a new snapshot, so the count and the
-- same-device lookup run after the lock and see every committed activation, as the transaction of
-- separate statements did.
--
-- It inserts only for a key that can be activated (granted, not expired, with an activation
-- limit): lib/license-keys/public.ts checks the same on the returned key to say why not. Returns
-- no row when the key does not exist; otherwise the key, its customer and the activation (NULL
-- when none was found or inserted), each as JSON text.
CREATE FUNCTION activate_license_key(
  p_organization_id uuid,
  p_key text,
  p_id uuid,
  p_now timestamp,
  p_label text,
  p_meta jsonb,
  p_conditions jsonb
) RETURNS TABLE (key_json text, customer_json text, activation_json text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  locked license_keys;
BEGIN
  SELECT * INTO locked FROM license_keys k
  WHERE k.organization_id = p_organization_id AND k.key = p_key
  FOR UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  key_json := row_to_json(locked)::text;
  SELECT row_to_json(c)::text INTO customer_json FROM customers c WHERE c.id = locked.customer_id;
  activation_json := NULL;

  IF locked.status = 'granted' AND (locked.expires_at IS NULL OR locked.expires_at > p_now)
     AND locked.limit_activations IS NOT NULL THEN
    -- The same device coming back (same label, jsonb-equal conditions) gets its activation as it is.
    SELECT row_to_json(a)::text INTO activation_json FROM license_key_activations a
    WHERE a.license_key_id = locked.id AND a.deleted_at IS NULL
      AND a.label = p_label AND a.conditions = p_conditions
    ORDER BY a.created_at, a.id
    LIMIT 1;
    IF activation_json IS NULL AND (
      SELECT count(*) FROM license_key_activations a
      WHERE a.license_key_id = locked.id AND a.deleted_at IS NULL
    ) < locked.limit_activations THEN
      INSERT INTO license_key_activations (id, created_at, license_key_id, label, meta, conditions)
      VALUES (p_id, p_now, locked.id, p_label, p_meta, p_conditions)
      RETURNING row_to_json(license_key_activations)::text INTO activation_json;
    END IF;
  END IF;
  RETURN NEXT;
END
$$;

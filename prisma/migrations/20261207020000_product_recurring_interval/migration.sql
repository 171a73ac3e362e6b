-- The product's billing interval (issue 31): the current reference API puts `recurring_interval` on
-- the product, not on each price. It is the interval of the product's earliest non-archived
-- recurring price, kept in products.recurring_interval by the trigger that already keeps
-- lowest_price_amount (migration 20261126000000), so every writer of prices keeps both right.
-- NULL for a one-time product.
ALTER TABLE "products" ADD COLUMN "recurring_interval" "RecurringInterval";

CREATE FUNCTION product_recurring_interval(product uuid) RETURNS "RecurringInterval"
LANGUAGE sql STABLE AS $$
  SELECT recurring_interval
  FROM product_prices
  WHERE product_id = product AND NOT is_archived AND type = 'recurring' AND recurring_interval IS NOT NULL
  ORDER BY created_at, id
  LIMIT 1
$$;

CREATE OR REPLACE FUNCTION refresh_product_lowest_price_amount() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- NEW is not set on DELETE, nor OLD on INSERT: each case names only the one it has.
  IF TG_OP = 'INSERT' THEN
    UPDATE products SET lowest_price_amount = product_lowest_price_amount(id),
                        recurring_interval = product_recurring_interval(id)
    WHERE id = NEW.product_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE products SET lowest_price_amount = product_lowest_price_amount(id),
                        recurring_interval = product_recurring_interval(id)
    WHERE id = OLD.product_id;
  ELSE
    UPDATE products SET lowest_price_amount = product_lowest_price_amount(id),
                        recurring_interval = product_recurring_interval(id)
    WHERE id IN (OLD.product_id, NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER product_prices_lowest_price_amount ON product_prices;

CREATE TRIGGER product_prices_lowest_price_amount
AFTER INSERT OR DELETE OR UPDATE OF product_id, is_archived, amount_type, price_amount, minimum_amount, type, recurring_interval
ON product_prices
FOR EACH ROW EXECUTE FUNCTION refresh_product_lowest_price_amount();

UPDATE products SET recurring_interval = product_recurring_interval(id);

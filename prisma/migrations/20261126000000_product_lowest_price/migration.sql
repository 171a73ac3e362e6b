-- Products sort by price (GET /v1/products/?sorting=price_amount): by the lowest amount among their
-- non-archived prices, kept in products.lowest_price_amount by a trigger on product_prices, so that
-- every writer of prices (the API, the factories, the seed) keeps it right and a list page is one
-- indexed ORDER BY. A fixed price counts its price_amount, a pay-what-you-want price its minimum
-- (50 when it has none: MIN_CUSTOM_AMOUNT, the least a buyer can pay, lib/checkout/amounts.ts), a
-- free price 0. NULL when the product has no price that can be bought (sorted last both ways).
ALTER TABLE "products" ADD COLUMN "lowest_price_amount" INTEGER;

CREATE FUNCTION product_lowest_price_amount(product uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT min(CASE amount_type
               WHEN 'fixed' THEN price_amount
               WHEN 'custom' THEN COALESCE(minimum_amount, 50)
               ELSE 0
             END)
  FROM product_prices
  WHERE product_id = product AND NOT is_archived
$$;

CREATE FUNCTION refresh_product_lowest_price_amount() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- NEW is not set on DELETE, nor OLD on INSERT: each case names only the one it has.
  IF TG_OP = 'INSERT' THEN
    UPDATE products SET lowest_price_amount = product_lowest_price_amount(id) WHERE id = NEW.product_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE products SET lowest_price_amount = product_lowest_price_amount(id) WHERE id = OLD.product_id;
  ELSE
    UPDATE products SET lowest_price_amount = product_lowest_price_amount(id)
    WHERE id IN (OLD.product_id, NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER product_prices_lowest_price_amount
AFTER INSERT OR DELETE OR UPDATE OF product_id, is_archived, amount_type, price_amount, minimum_amount
ON product_prices
FOR EACH ROW EXECUTE FUNCTION refresh_product_lowest_price_amount();

UPDATE products SET lowest_price_amount = product_lowest_price_amount(id);

CREATE INDEX "products_organization_id_lowest_price_amount_idx" ON "products"("organization_id", "lowest_price_amount");

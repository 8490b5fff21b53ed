CREATE TABLE "order_totals_daily" (
	"vendor_id" integer NOT NULL,
	"source" varchar(16) NOT NULL,
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"pay_status" smallint NOT NULL,
	"refund_status" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_totals_daily_vendor_id_source_day_shop_id_device_id_pay_status_refund_status_pk" PRIMARY KEY("vendor_id","source","day","shop_id","device_id","pay_status","refund_status")
);
--> statement-breakpoint
-- The order screens' totals follow orders in the writing transaction (docs/decisions.md "Order
-- totals"). As with the revenue rollups, one statement adds a set of rows' contributions (`sign` 1
-- adds, -1 takes away), shared by the trigger and the rebuild; rows are upserted in key order so
-- concurrent writers lock them in the same order.
CREATE FUNCTION order_totals_upsert(changes text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
  WITH c AS (%1$s)
  INSERT INTO order_totals_daily AS t
    (vendor_id, source, day, shop_id, device_id, pay_status, refund_status, orders, amount, refunded_amount)
  SELECT vendor_id, source, (created_at AT TIME ZONE 'UTC')::date, coalesce(shop_id, 0), coalesce(device_id, 0),
    pay_status, refund_status, sum(sign), sum(sign * amount), sum(sign * refunded_amount)
  FROM c
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0 OR sum(sign * refunded_amount) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (vendor_id, source, day, shop_id, device_id, pay_status, refund_status) DO UPDATE
    SET orders = t.orders + excluded.orders, amount = t.amount + excluded.amount,
      refunded_amount = t.refunded_amount + excluded.refunded_amount
$q$, changes)
$fn$;
--> statement-breakpoint
-- Only updates that change what the totals count take part (start states, failure reasons and
-- provider numbers do not).
CREATE FUNCTION count_order_totals() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE order_totals_upsert('SELECT n.*, 1 AS sign FROM new_rows n');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE order_totals_upsert('SELECT o.*, -1 AS sign FROM old_rows o');
  ELSE
    EXECUTE order_totals_upsert($c$
      SELECT x.* FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (SELECT o.*, -1 AS sign UNION ALL SELECT n.*, 1) x
      WHERE (o.vendor_id, o.source, o.created_at, o.shop_id, o.device_id, o.pay_status, o.refund_status, o.amount, o.refunded_amount)
        IS DISTINCT FROM
        (n.vendor_id, n.source, n.created_at, n.shop_id, n.device_id, n.pay_status, n.refund_status, n.amount, n.refunded_amount)
    $c$);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER orders_count_totals_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_order_totals();
--> statement-breakpoint
CREATE TRIGGER orders_count_totals_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_order_totals();
--> statement-breakpoint
CREATE TRIGGER orders_count_totals_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_order_totals();
--> statement-breakpoint
-- Recomputes the totals of one vendor, or of all (null), from orders; writes to orders wait meanwhile.
CREATE FUNCTION rebuild_order_totals(p_vendor integer DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  LOCK TABLE orders IN SHARE MODE;
  DELETE FROM order_totals_daily WHERE p_vendor IS NULL OR vendor_id = p_vendor;
  EXECUTE order_totals_upsert(format(
    'SELECT o.*, 1 AS sign FROM orders o WHERE %L::int IS NULL OR o.vendor_id = %L::int', p_vendor, p_vendor));
END
$fn$;
--> statement-breakpoint
-- Totals of the orders that exist before this migration.
SELECT rebuild_order_totals();

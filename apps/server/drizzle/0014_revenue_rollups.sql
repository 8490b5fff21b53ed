CREATE TABLE "revenue_daily" (
	"vendor_id" integer NOT NULL,
	"day" date NOT NULL,
	"shop_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"source" varchar(16) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_daily_vendor_id_day_shop_id_device_id_source_currency_pk" PRIMARY KEY("vendor_id","day","shop_id","device_id","source","currency")
);
--> statement-breakpoint
CREATE TABLE "revenue_monthly" (
	"vendor_id" integer NOT NULL,
	"month" date NOT NULL,
	"shop_id" integer NOT NULL,
	"source" varchar(16) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "revenue_monthly_vendor_id_month_shop_id_source_currency_pk" PRIMARY KEY("vendor_id","month","shop_id","source","currency")
);
--> statement-breakpoint
CREATE TABLE "usage_hourly" (
	"vendor_id" integer NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"shop_id" integer NOT NULL,
	"machine_type" varchar(32) NOT NULL,
	"program" varchar(64) NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"minutes" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_hourly_vendor_id_day_hour_shop_id_machine_type_program_pk" PRIMARY KEY("vendor_id","day","hour","shop_id","machine_type","program")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "minutes" smallint;--> statement-breakpoint
CREATE INDEX "revenue_daily_shop_idx" ON "revenue_daily" USING btree ("vendor_id","shop_id","day");--> statement-breakpoint
CREATE INDEX "revenue_daily_device_idx" ON "revenue_daily" USING btree ("vendor_id","device_id","day");--> statement-breakpoint
CREATE INDEX "usage_hourly_shop_idx" ON "usage_hourly" USING btree ("vendor_id","shop_id","day");
--> statement-breakpoint
-- The rollups follow orders and refunds in the writing transaction (docs/decisions.md "Revenue
-- rollups"). Each function below returns the one statement that adds a set of rows' contributions —
-- `sign` 1 adds a row, -1 takes it away — so the triggers (over their transition tables) and the
-- rebuild (over the whole tables) share one definition. A paid order counts on its vendor-local
-- paid day; a refund on the day it succeeded. Rows are upserted in key order, so concurrent writers
-- lock rollup rows in the same order.
CREATE FUNCTION revenue_orders_upsert(changes text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
  WITH c AS (%1$s),
  paid AS (
    SELECT c.*, c.paid_at AT TIME ZONE v.time_zone AS local_at
    FROM c JOIN vendors v ON v.id = c.vendor_id
    WHERE c.pay_status = 1 AND c.paid_at IS NOT NULL
  ),
  daily AS (
    INSERT INTO revenue_daily AS r (vendor_id, day, shop_id, device_id, source, currency, orders, gross, minutes)
    SELECT vendor_id, local_at::date, coalesce(shop_id, 0), coalesce(device_id, 0), source, currency,
      sum(sign), sum(sign * amount), sum(sign * coalesce(minutes, 0))
    FROM paid
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0 OR sum(sign * coalesce(minutes, 0)) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (vendor_id, day, shop_id, device_id, source, currency) DO UPDATE
      SET orders = r.orders + excluded.orders, gross = r.gross + excluded.gross, minutes = r.minutes + excluded.minutes
    RETURNING 1
  ),
  monthly AS (
    INSERT INTO revenue_monthly AS r (vendor_id, month, shop_id, source, currency, orders, gross)
    SELECT vendor_id, date_trunc('month', local_at)::date, coalesce(shop_id, 0), source, currency,
      sum(sign), sum(sign * amount)
    FROM paid
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (vendor_id, month, shop_id, source, currency) DO UPDATE
      SET orders = r.orders + excluded.orders, gross = r.gross + excluded.gross
    RETURNING 1
  )
  INSERT INTO usage_hourly AS u (vendor_id, day, hour, shop_id, machine_type, program, uses, minutes)
  SELECT p.vendor_id, p.local_at::date, extract(hour FROM p.local_at)::smallint, coalesce(p.shop_id, 0),
    d.machine_type, coalesce(p.program, ''), sum(p.sign), sum(p.sign * coalesce(p.minutes, 0))
  FROM paid p JOIN devices d ON d.id = p.device_id
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(p.sign) <> 0 OR sum(p.sign * coalesce(p.minutes, 0)) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (vendor_id, day, hour, shop_id, machine_type, program) DO UPDATE
    SET uses = u.uses + excluded.uses, minutes = u.minutes + excluded.minutes
$q$, changes)
$fn$;
--> statement-breakpoint
CREATE FUNCTION revenue_refunds_upsert(changes text) RETURNS text LANGUAGE sql IMMUTABLE AS $fn$
SELECT format($q$
  WITH c AS (%1$s),
  done AS (
    SELECT o.vendor_id, (c.finished_at AT TIME ZONE v.time_zone)::date AS day, coalesce(o.shop_id, 0) AS shop_id,
      coalesce(o.device_id, 0) AS device_id, o.source, o.currency, c.sign, c.amount
    FROM c JOIN orders o ON o.id = c.order_id JOIN vendors v ON v.id = o.vendor_id
    WHERE c.state = 'succeeded' AND c.finished_at IS NOT NULL
  ),
  daily AS (
    INSERT INTO revenue_daily AS r (vendor_id, day, shop_id, device_id, source, currency, refunds, refunded)
    SELECT vendor_id, day, shop_id, device_id, source, currency, sum(sign), sum(sign * amount)
    FROM done
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (vendor_id, day, shop_id, device_id, source, currency) DO UPDATE
      SET refunds = r.refunds + excluded.refunds, refunded = r.refunded + excluded.refunded
    RETURNING 1
  )
  INSERT INTO revenue_monthly AS r (vendor_id, month, shop_id, source, currency, refunds, refunded)
  SELECT vendor_id, date_trunc('month', day)::date, shop_id, source, currency, sum(sign), sum(sign * amount)
  FROM done
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(sign) <> 0 OR sum(sign * amount) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (vendor_id, month, shop_id, source, currency) DO UPDATE
    SET refunds = r.refunds + excluded.refunds, refunded = r.refunded + excluded.refunded
$q$, changes)
$fn$;
--> statement-breakpoint
-- Only updates that change what a rollup counts take part (most order updates are start and refund
-- states): each such row leaves its old contribution and brings its new one.
CREATE FUNCTION roll_up_orders() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE revenue_orders_upsert('SELECT n.*, 1 AS sign FROM new_rows n');
    -- The consoles watching these vendors read their figures again (delivered at commit, once per
    -- vendor and transaction).
    PERFORM pg_notify('revenue_changed', vendor_id::text) FROM (SELECT DISTINCT vendor_id FROM new_rows WHERE pay_status = 1) v;
  ELSE
    PERFORM pg_notify('revenue_changed', vendor_id::text) FROM (
      SELECT DISTINCT n.vendor_id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.pay_status, o.paid_at, o.amount) IS DISTINCT FROM (n.pay_status, n.paid_at, n.amount)) v;
    EXECUTE revenue_orders_upsert($c$
      SELECT x.* FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (SELECT o.*, -1 AS sign UNION ALL SELECT n.*, 1) x
      WHERE (o.vendor_id, o.pay_status, o.paid_at, o.amount, o.currency, o.source, o.shop_id, o.device_id, o.minutes, o.program)
        IS DISTINCT FROM
        (n.vendor_id, n.pay_status, n.paid_at, n.amount, n.currency, n.source, n.shop_id, n.device_id, n.minutes, n.program)
    $c$);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE FUNCTION roll_up_refunds() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE revenue_refunds_upsert('SELECT n.*, 1 AS sign FROM new_rows n');
    PERFORM pg_notify('revenue_changed', vendor_id::text) FROM (SELECT DISTINCT vendor_id FROM new_rows WHERE state = 'succeeded') v;
  ELSE
    PERFORM pg_notify('revenue_changed', vendor_id::text) FROM (
      SELECT DISTINCT n.vendor_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.state IS DISTINCT FROM n.state) v;
    EXECUTE revenue_refunds_upsert($c$
      SELECT x.* FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (SELECT o.*, -1 AS sign UNION ALL SELECT n.*, 1) x
      WHERE (o.state, o.amount, o.finished_at, o.order_id) IS DISTINCT FROM (n.state, n.amount, n.finished_at, n.order_id)
    $c$);
  END IF;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER orders_roll_up_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION roll_up_orders();
--> statement-breakpoint
CREATE TRIGGER orders_roll_up_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION roll_up_orders();
--> statement-breakpoint
CREATE TRIGGER order_refunds_roll_up_insert AFTER INSERT ON order_refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION roll_up_refunds();
--> statement-breakpoint
CREATE TRIGGER order_refunds_roll_up_update AFTER UPDATE ON order_refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION roll_up_refunds();
--> statement-breakpoint
-- Recomputes the rollups of one vendor, or of all (null), from orders and refunds. Writes to both
-- wait meanwhile (SHARE locks), so the result is exact, not a moment's approximation.
CREATE FUNCTION rebuild_revenue_rollups(p_vendor integer DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  LOCK TABLE orders, order_refunds IN SHARE MODE;
  DELETE FROM revenue_daily WHERE p_vendor IS NULL OR vendor_id = p_vendor;
  DELETE FROM revenue_monthly WHERE p_vendor IS NULL OR vendor_id = p_vendor;
  DELETE FROM usage_hourly WHERE p_vendor IS NULL OR vendor_id = p_vendor;
  EXECUTE revenue_orders_upsert(format(
    'SELECT o.*, 1 AS sign FROM orders o WHERE %L::int IS NULL OR o.vendor_id = %L::int', p_vendor, p_vendor));
  EXECUTE revenue_refunds_upsert(format(
    'SELECT f.*, 1 AS sign FROM order_refunds f WHERE %L::int IS NULL OR f.vendor_id = %L::int', p_vendor, p_vendor));
END
$fn$;
--> statement-breakpoint
-- Rollups of orders that exist before this migration.
SELECT rebuild_revenue_rollups();

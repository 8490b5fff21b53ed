-- order_totals_daily: the order screens' totals, pre-counted, so the first page of a long filter sums
-- a few rows a day instead of every order (docs/decisions.md "Order totals").
--
--   Every order counts — paid or not, refunded or not — on the UTC day it was made, under its
--   vendor, source, shop, machine, pay state and refund state: one order, its amount and its
--   refunded amount. An order without a shop or a machine counts under shop 0 or machine 0.
--   A change to any of those moves the order's count to its new row; other changes (start states,
--   failure reasons, provider numbers) pass by. A removed order is taken away.
--
-- UTC days, not the vendor's: the screens add the part-days at a period's ends from the orders, and
-- a vendor's change of time zone never stales a row. A machine's own rows are the ones a payment
-- updates, so concurrent payments wait only for others on the same machine; rows are upserted in key
-- order, so concurrent writers lock them in the same order.

CREATE OR REPLACE FUNCTION order_totals_daily_count(taken orders[], added orders[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_totals_daily AS t
    (vendor_id, source, day, shop_id, device_id, pay_status, refund_status, orders, amount, refunded_amount)
  SELECT o.vendor_id, o.source, (o.created_at AT TIME ZONE 'UTC')::date, coalesce(o.shop_id, 0), coalesce(o.device_id, 0),
    o.pay_status, o.refund_status, sum(o.sign), sum(o.sign * o.amount), sum(o.sign * o.refunded_amount)
  FROM (SELECT *, -1 AS sign FROM unnest(taken) UNION ALL SELECT *, 1 FROM unnest(added)) o
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(o.sign) <> 0 OR sum(o.sign * o.amount) <> 0 OR sum(o.sign * o.refunded_amount) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (vendor_id, source, day, shop_id, device_id, pay_status, refund_status) DO UPDATE
    SET orders = t.orders + excluded.orders, amount = t.amount + excluded.amount,
      refunded_amount = t.refunded_amount + excluded.refunded_amount;
END
$$;

CREATE OR REPLACE FUNCTION count_order_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken orders[] := '{}';
  added orders[] := '{}';
BEGIN
  IF TG_OP = 'INSERT' THEN
    added := ARRAY(SELECT n FROM new_rows n);
  ELSIF TG_OP = 'DELETE' THEN
    taken := ARRAY(SELECT o FROM old_rows o);
  ELSE
    SELECT coalesce(array_agg(o), '{}'), coalesce(array_agg(n), '{}') INTO taken, added
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.vendor_id, o.source, o.created_at, o.shop_id, o.device_id, o.pay_status, o.refund_status, o.amount, o.refunded_amount)
      IS DISTINCT FROM
      (n.vendor_id, n.source, n.created_at, n.shop_id, n.device_id, n.pay_status, n.refund_status, n.amount, n.refunded_amount);
  END IF;
  IF cardinality(taken) + cardinality(added) > 0 THEN
    PERFORM order_totals_daily_count(taken, added);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER orders_count_totals_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_order_totals();

CREATE OR REPLACE TRIGGER orders_count_totals_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_order_totals();

CREATE OR REPLACE TRIGGER orders_count_totals_delete AFTER DELETE ON orders
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_order_totals();

-- Recomputes the totals of one vendor, or of all (null), from the orders (`npm run cli --
-- rebuild-rollups`), through the function the trigger calls; writes to orders wait meanwhile. Orders
-- are handed over `p_batch` (50,000) at a time in the order of (vendor, creation time), so a batch touches the
-- rows of a few weeks of one vendor, not every row again.
CREATE OR REPLACE FUNCTION rebuild_order_totals(p_vendor integer DEFAULT NULL, p_batch integer DEFAULT 50000) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  batch orders[];
  last_vendor integer := coalesce(p_vendor, 2147483647);
  after_vendor integer := coalesce(p_vendor, 0);
  after_at timestamptz := '-infinity';
  after_id integer := 0;
BEGIN
  LOCK TABLE orders IN SHARE MODE;
  DELETE FROM order_totals_daily WHERE p_vendor IS NULL OR vendor_id = p_vendor;
  LOOP
    batch := ARRAY(SELECT o FROM orders o
      WHERE (o.vendor_id, o.created_at, o.id) > (after_vendor, after_at, after_id) AND o.vendor_id <= last_vendor
      ORDER BY o.vendor_id, o.created_at, o.id LIMIT p_batch);
    EXIT WHEN cardinality(batch) = 0;
    PERFORM order_totals_daily_count('{}', batch);
    SELECT o.vendor_id, o.created_at, o.id INTO after_vendor, after_at, after_id FROM unnest(batch[cardinality(batch):]) o;
  END LOOP;
END
$$;

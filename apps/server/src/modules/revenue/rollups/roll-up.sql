-- What keeps the revenue rollups (revenue-daily.sql, revenue-monthly.sql, usage-hourly.sql) exact:
-- statement triggers on orders and order_refunds hand each rollup the rows a statement changed, in
-- the writing transaction, so no write path — machine sales, provider notifications, refunds, the
-- pay page — can forget them. The rebuild hands them every row, through the same functions.

-- An inserted order adds its contribution. An updated one moves it — the row before the update is
-- taken away, the row after added — but only when something a rollup counts changed; most updates
-- (start and refund states, provider numbers) pass by. Vendors whose figures moved are told on
-- `revenue_changed`, delivered at commit, once per vendor and transaction.
CREATE OR REPLACE FUNCTION roll_up_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken orders[] := '{}';
  added orders[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    added := ARRAY(SELECT n FROM new_rows n);
  ELSE
    SELECT coalesce(array_agg(o), '{}'), coalesce(array_agg(n), '{}') INTO taken, added
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.vendor_id, o.pay_status, o.paid_at, o.amount, o.currency, o.source, o.shop_id, o.device_id, o.minutes, o.program)
      IS DISTINCT FROM
      (n.vendor_id, n.pay_status, n.paid_at, n.amount, n.currency, n.source, n.shop_id, n.device_id, n.minutes, n.program);
  END IF;
  IF cardinality(taken) + cardinality(added) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM revenue_daily_count_orders(taken, added);
  PERFORM revenue_monthly_count_orders(taken, added);
  PERFORM usage_hourly_count_orders(taken, added);
  PERFORM pg_notify('revenue_changed', vendor_id::text)
  FROM (SELECT DISTINCT vendor_id FROM unnest(taken || added) WHERE pay_status = 1 AND paid_at IS NOT NULL) v;
  RETURN NULL;
END
$$;

-- A refund moves its contribution when its state, amount, finishing time or order changes.
CREATE OR REPLACE FUNCTION roll_up_refunds() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  taken order_refunds[] := '{}';
  added order_refunds[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    added := ARRAY(SELECT n FROM new_rows n);
  ELSE
    SELECT coalesce(array_agg(o), '{}'), coalesce(array_agg(n), '{}') INTO taken, added
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.state, o.amount, o.finished_at, o.order_id) IS DISTINCT FROM (n.state, n.amount, n.finished_at, n.order_id);
  END IF;
  IF cardinality(taken) + cardinality(added) = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM revenue_daily_count_refunds(taken, added);
  PERFORM revenue_monthly_count_refunds(taken, added);
  PERFORM pg_notify('revenue_changed', vendor_id::text)
  FROM (SELECT DISTINCT vendor_id FROM unnest(taken || added) WHERE state = 'succeeded' AND finished_at IS NOT NULL) v;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER orders_roll_up_insert AFTER INSERT ON orders
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION roll_up_orders();

CREATE OR REPLACE TRIGGER orders_roll_up_update AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION roll_up_orders();

CREATE OR REPLACE TRIGGER order_refunds_roll_up_insert AFTER INSERT ON order_refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION roll_up_refunds();

CREATE OR REPLACE TRIGGER order_refunds_roll_up_update AFTER UPDATE ON order_refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION roll_up_refunds();

-- Recomputes the rollups of one vendor, or of all (null), from orders and refunds
-- (`npm run cli -- rebuild-rollups`). Writes to both wait meanwhile (SHARE locks), so the result is
-- exact, not a moment's approximation. Orders are handed over `p_batch` (50,000) at a time in the order of
-- (vendor, creation time), so a batch touches the rollup rows of a few weeks of one vendor, not
-- every row again; refunds, fewer, in the order they were made.
CREATE OR REPLACE FUNCTION rebuild_revenue_rollups(p_vendor integer DEFAULT NULL, p_batch integer DEFAULT 50000) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  batch orders[];
  refunds order_refunds[];
  last_vendor integer := coalesce(p_vendor, 2147483647);
  after_vendor integer := coalesce(p_vendor, 0);
  after_at timestamptz := '-infinity';
  after_id integer := 0;
BEGIN
  LOCK TABLE orders, order_refunds IN SHARE MODE;
  DELETE FROM revenue_daily WHERE p_vendor IS NULL OR vendor_id = p_vendor;
  DELETE FROM revenue_monthly WHERE p_vendor IS NULL OR vendor_id = p_vendor;
  DELETE FROM usage_hourly WHERE p_vendor IS NULL OR vendor_id = p_vendor;
  LOOP
    batch := ARRAY(SELECT o FROM orders o
      WHERE (o.vendor_id, o.created_at, o.id) > (after_vendor, after_at, after_id) AND o.vendor_id <= last_vendor
      ORDER BY o.vendor_id, o.created_at, o.id LIMIT p_batch);
    EXIT WHEN cardinality(batch) = 0;
    PERFORM revenue_daily_count_orders('{}', batch);
    PERFORM revenue_monthly_count_orders('{}', batch);
    PERFORM usage_hourly_count_orders('{}', batch);
    SELECT o.vendor_id, o.created_at, o.id INTO after_vendor, after_at, after_id FROM unnest(batch[cardinality(batch):]) o;
  END LOOP;
  after_id := 0;
  LOOP
    refunds := ARRAY(SELECT f FROM order_refunds f WHERE f.id > after_id AND (p_vendor IS NULL OR f.vendor_id = p_vendor)
      ORDER BY f.id LIMIT p_batch);
    EXIT WHEN cardinality(refunds) = 0;
    PERFORM revenue_daily_count_refunds('{}', refunds);
    PERFORM revenue_monthly_count_refunds('{}', refunds);
    after_id := (refunds[cardinality(refunds)]).id;
  END LOOP;
END
$$;

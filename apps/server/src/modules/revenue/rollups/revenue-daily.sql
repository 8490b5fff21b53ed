-- revenue_daily: what each vendor-local day took, per shop, machine, payment source and currency.
--
--   A paid order counts on the day it was paid, in its vendor's time zone: one order, its amount and
--   the minutes of the cycle it bought.
--   A refund counts on the day it succeeded, in its vendor's time zone, against its order's shop,
--   machine, source and currency: one refund and its amount. A refund under way or failed counts
--   nowhere; refunds are kept apart from takings, never netted.
--   An order without a shop or a machine counts under shop 0 or machine 0.
--
-- Each function adds the contributions of `added` and takes away those of `taken` (rows as they were
-- before an update); the triggers and the rebuild in roll-up.sql call them. A day is the vendor's
-- zone when the row is counted: a later change of zone moves nothing until a rebuild. Rows are
-- upserted in key order, so concurrent writers lock them in the same order.

CREATE OR REPLACE FUNCTION revenue_daily_count_orders(taken orders[], added orders[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO revenue_daily AS r (vendor_id, day, shop_id, device_id, source, currency, orders, gross, minutes)
  SELECT o.vendor_id, (o.paid_at AT TIME ZONE v.time_zone)::date, coalesce(o.shop_id, 0), coalesce(o.device_id, 0),
    o.source, o.currency, sum(o.sign), sum(o.sign * o.amount), sum(o.sign * coalesce(o.minutes, 0))
  FROM (SELECT *, -1 AS sign FROM unnest(taken) UNION ALL SELECT *, 1 FROM unnest(added)) o
  JOIN vendors v ON v.id = o.vendor_id
  WHERE o.pay_status = 1 AND o.paid_at IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(o.sign) <> 0 OR sum(o.sign * o.amount) <> 0 OR sum(o.sign * coalesce(o.minutes, 0)) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (vendor_id, day, shop_id, device_id, source, currency) DO UPDATE
    SET orders = r.orders + excluded.orders, gross = r.gross + excluded.gross, minutes = r.minutes + excluded.minutes;
END
$$;

CREATE OR REPLACE FUNCTION revenue_daily_count_refunds(taken order_refunds[], added order_refunds[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO revenue_daily AS r (vendor_id, day, shop_id, device_id, source, currency, refunds, refunded)
  SELECT o.vendor_id, (f.finished_at AT TIME ZONE v.time_zone)::date, coalesce(o.shop_id, 0), coalesce(o.device_id, 0),
    o.source, o.currency, sum(f.sign), sum(f.sign * f.amount)
  FROM (SELECT *, -1 AS sign FROM unnest(taken) UNION ALL SELECT *, 1 FROM unnest(added)) f
  JOIN orders o ON o.id = f.order_id
  JOIN vendors v ON v.id = o.vendor_id
  WHERE f.state = 'succeeded' AND f.finished_at IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(f.sign) <> 0 OR sum(f.sign * f.amount) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (vendor_id, day, shop_id, device_id, source, currency) DO UPDATE
    SET refunds = r.refunds + excluded.refunds, refunded = r.refunded + excluded.refunded;
END
$$;

-- revenue_monthly: what each vendor-local month took, per shop, payment source and currency — the
-- daily rollup without the machine, so the five-year and by-month views read a few hundred rows a
-- year instead of every machine's days.
--
--   A paid order counts in the month it was paid, in its vendor's time zone: one order and its amount.
--   A refund counts in the month it succeeded, in its vendor's time zone, against its order's shop,
--   source and currency: one refund and its amount. A refund under way or failed counts nowhere.
--   An order without a shop counts under shop 0.
--
-- As in revenue-daily.sql: `added` adds, `taken` takes away, rows upserted in key order.

CREATE OR REPLACE FUNCTION revenue_monthly_count_orders(taken orders[], added orders[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO revenue_monthly AS r (vendor_id, month, shop_id, source, currency, orders, gross)
  SELECT o.vendor_id, date_trunc('month', o.paid_at AT TIME ZONE v.time_zone)::date, coalesce(o.shop_id, 0),
    o.source, o.currency, sum(o.sign), sum(o.sign * o.amount)
  FROM (SELECT *, -1 AS sign FROM unnest(taken) UNION ALL SELECT *, 1 FROM unnest(added)) o
  JOIN vendors v ON v.id = o.vendor_id
  WHERE o.pay_status = 1 AND o.paid_at IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(o.sign) <> 0 OR sum(o.sign * o.amount) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (vendor_id, month, shop_id, source, currency) DO UPDATE
    SET orders = r.orders + excluded.orders, gross = r.gross + excluded.gross;
END
$$;

CREATE OR REPLACE FUNCTION revenue_monthly_count_refunds(taken order_refunds[], added order_refunds[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO revenue_monthly AS r (vendor_id, month, shop_id, source, currency, refunds, refunded)
  SELECT o.vendor_id, date_trunc('month', f.finished_at AT TIME ZONE v.time_zone)::date, coalesce(o.shop_id, 0),
    o.source, o.currency, sum(f.sign), sum(f.sign * f.amount)
  FROM (SELECT *, -1 AS sign FROM unnest(taken) UNION ALL SELECT *, 1 FROM unnest(added)) f
  JOIN orders o ON o.id = f.order_id
  JOIN vendors v ON v.id = o.vendor_id
  WHERE f.state = 'succeeded' AND f.finished_at IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(f.sign) <> 0 OR sum(f.sign * f.amount) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (vendor_id, month, shop_id, source, currency) DO UPDATE
    SET refunds = r.refunds + excluded.refunds, refunded = r.refunded + excluded.refunded;
END
$$;

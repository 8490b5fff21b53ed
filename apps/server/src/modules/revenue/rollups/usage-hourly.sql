-- usage_hourly: how the machines are used, per vendor-local day and hour, shop, machine type and
-- program (the consumption screen and the data center).
--
--   A paid order with a machine is one use, with the minutes of the cycle it bought, in the hour it
--   was paid (its vendor's time zone), under its machine's type and its program ('' when it has
--   none). An order without a machine counts nowhere here; refunds do not count.
--   An order without a shop counts under shop 0.
--
-- As in revenue-daily.sql: `added` adds, `taken` takes away, rows upserted in key order. The machine
-- type is the machine's when the order is counted.

CREATE OR REPLACE FUNCTION usage_hourly_count_orders(taken orders[], added orders[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO usage_hourly AS u (vendor_id, day, hour, shop_id, machine_type, program, uses, minutes)
  SELECT o.vendor_id, (o.paid_at AT TIME ZONE v.time_zone)::date, extract(hour FROM o.paid_at AT TIME ZONE v.time_zone)::smallint,
    coalesce(o.shop_id, 0), d.machine_type, coalesce(o.program, ''), sum(o.sign), sum(o.sign * coalesce(o.minutes, 0))
  FROM (SELECT *, -1 AS sign FROM unnest(taken) UNION ALL SELECT *, 1 FROM unnest(added)) o
  JOIN vendors v ON v.id = o.vendor_id
  JOIN devices d ON d.id = o.device_id
  WHERE o.pay_status = 1 AND o.paid_at IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(o.sign) <> 0 OR sum(o.sign * coalesce(o.minutes, 0)) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (vendor_id, day, hour, shop_id, machine_type, program) DO UPDATE
    SET uses = u.uses + excluded.uses, minutes = u.minutes + excluded.minutes;
END
$$;

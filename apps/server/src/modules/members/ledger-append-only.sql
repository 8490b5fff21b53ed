-- The ledger is append-only: a balance movement once written is the record of what happened to
-- someone's money, so it is never changed nor removed — a correction is another movement.
CREATE OR REPLACE FUNCTION balance_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'balance_movements is append-only' USING ERRCODE = 'restrict_violation';
END
$$;

CREATE OR REPLACE TRIGGER balance_movements_append_only BEFORE UPDATE OR DELETE ON balance_movements
  FOR EACH ROW EXECUTE FUNCTION balance_movements_append_only();

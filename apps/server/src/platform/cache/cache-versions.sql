-- Which writes make kept values stale (docs/decisions.md "Fenced caches"). A cache key names what a
-- kept value depends on: `v:<vendor>` everything a vendor's screen can show, `g:<group>` a group's,
-- `a:<account>` an account and its sessions, `r:<role>` a role's keys. Each trigger below raises the
-- version of every key the written row belongs to — before and after the write — in the writing
-- transaction, so a new version is visible exactly when the change is.
--
--   table                                      raises
--   vendors                                    v:<the vendor>, g:<its group>
--   groups                                     g:<the group>, v:<each vendor of it>
--   accounts (update, delete)                  a:<the account>
--   sessions (sign-out, revocation, expiry)    a:<its account>
--   roles                                      r:<the role>, v:<its vendor>, g:<its group>
--   brands                                     g:<its group>, v:<each vendor of the group> (a brand's name shows on shops)
--   shops, locations, alliances, pay_qr_codes,
--   price_templates, vendor_payment_settings,
--   devices (register columns only)            v:<its vendor>

-- Raises the keys' versions, in sorted order so that two writers lock them in the same order.
CREATE OR REPLACE FUNCTION raise_cache_versions(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cache_versions AS c (key, version)
  SELECT DISTINCT k, 1 FROM unnest(keys) AS k WHERE k IS NOT NULL ORDER BY 1
  ON CONFLICT (key) DO UPDATE SET version = c.version + 1;
END
$$;

-- In these row triggers OLD is null on insert and NEW on delete, and so are the keys made of them.

CREATE OR REPLACE FUNCTION raise_cache_versions_of_vendors() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_cache_versions(ARRAY['v:' || OLD.id, 'g:' || OLD.group_id, 'v:' || NEW.id, 'g:' || NEW.group_id]);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION raise_cache_versions_of_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_cache_versions(ARRAY['g:' || OLD.id, 'g:' || NEW.id]
    || ARRAY(SELECT 'v:' || id FROM vendors WHERE group_id IN (OLD.id, NEW.id)));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION raise_cache_versions_of_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_cache_versions(ARRAY['a:' || OLD.id, 'a:' || NEW.id]);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION raise_cache_versions_of_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_cache_versions(ARRAY['a:' || OLD.account_id, 'a:' || NEW.account_id]);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION raise_cache_versions_of_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_cache_versions(ARRAY[
    'r:' || OLD.id, 'v:' || OLD.vendor_id, 'g:' || OLD.group_id,
    'r:' || NEW.id, 'v:' || NEW.vendor_id, 'g:' || NEW.group_id]);
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION raise_cache_versions_of_group_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_cache_versions(ARRAY['g:' || OLD.group_id, 'g:' || NEW.group_id]
    || ARRAY(SELECT 'v:' || id FROM vendors WHERE group_id IN (OLD.group_id, NEW.group_id)));
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION raise_cache_versions_of_vendor_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM raise_cache_versions(ARRAY['v:' || OLD.vendor_id, 'v:' || NEW.vendor_id]);
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER vendors_cache_versions AFTER INSERT OR UPDATE OR DELETE ON vendors
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_vendors();

CREATE OR REPLACE TRIGGER groups_cache_versions AFTER INSERT OR UPDATE OR DELETE ON groups
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_groups();

-- A new account is in no kept value yet.
CREATE OR REPLACE TRIGGER accounts_cache_versions AFTER UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_accounts();

-- A session's sign-out, revocation or expiry; not its last_seen_at, which a read writes once a minute.
CREATE OR REPLACE TRIGGER sessions_cache_versions AFTER UPDATE OF revoked_at, expires_at, account_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_sessions();

CREATE OR REPLACE TRIGGER roles_cache_versions AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_roles();

CREATE OR REPLACE TRIGGER brands_cache_versions AFTER INSERT OR UPDATE OR DELETE ON brands
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_group_rows();

CREATE OR REPLACE TRIGGER shops_cache_versions AFTER INSERT OR UPDATE OR DELETE ON shops
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_vendor_rows();

CREATE OR REPLACE TRIGGER locations_cache_versions AFTER INSERT OR UPDATE OR DELETE ON locations
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_vendor_rows();

CREATE OR REPLACE TRIGGER alliances_cache_versions AFTER INSERT OR UPDATE OR DELETE ON alliances
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_vendor_rows();

CREATE OR REPLACE TRIGGER pay_qr_codes_cache_versions AFTER INSERT OR UPDATE OR DELETE ON pay_qr_codes
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_vendor_rows();

CREATE OR REPLACE TRIGGER price_templates_cache_versions AFTER INSERT OR UPDATE OR DELETE ON price_templates
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_vendor_rows();

CREATE OR REPLACE TRIGGER vendor_payment_settings_cache_versions AFTER INSERT OR UPDATE OR DELETE ON vendor_payment_settings
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_vendor_rows();

-- The register, not the gateway's `online` (written in batches as machines come and go): no kept
-- answer may show whether a machine is online.
CREATE OR REPLACE TRIGGER devices_cache_versions
  AFTER INSERT OR DELETE OR UPDATE OF vendor_id, serial_number, name, machine_number, shop_id, price_template_id,
    machine_type, secret_hash, claim_code_hash, subscription_expires_at ON devices
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions_of_vendor_rows();

CREATE TABLE "cache_versions" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The keys a row's change makes stale (docs/decisions.md "Fenced caches"): a vendor's key covers
-- everything a vendor's screen can show, so a group-owned row (a brand's name on a shop) raises the
-- keys of the group's vendors too; a session depends on its account's key and its role's.
CREATE FUNCTION cache_keys_of(kind text, r jsonb) RETURNS text[] LANGUAGE sql STABLE AS $fn$
SELECT CASE kind
  WHEN 'vendor' THEN ARRAY['v:' || (r ->> 'vendor_id')]
  WHEN 'group' THEN ARRAY['g:' || (r ->> 'group_id')]
    || ARRAY(SELECT 'v:' || id FROM vendors WHERE group_id = (r ->> 'group_id')::integer)
  WHEN 'vendor_row' THEN ARRAY['v:' || (r ->> 'id'), 'g:' || (r ->> 'group_id')]
  WHEN 'group_row' THEN ARRAY['g:' || (r ->> 'id')]
    || ARRAY(SELECT 'v:' || id FROM vendors WHERE group_id = (r ->> 'id')::integer)
  WHEN 'account_row' THEN ARRAY['a:' || (r ->> 'id')]
  WHEN 'session' THEN ARRAY['a:' || (r ->> 'account_id')]
  WHEN 'role_row' THEN ARRAY['r:' || (r ->> 'id'), 'v:' || (r ->> 'vendor_id'), 'g:' || (r ->> 'group_id')]
END
$fn$;
--> statement-breakpoint
-- Raised in the writing transaction, so a new version is visible exactly when the change is; keys in
-- sorted order, so two writers lock them in the same order.
CREATE FUNCTION raise_cache_versions() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  keys text[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN keys := keys || cache_keys_of(TG_ARGV[0], to_jsonb(OLD)); END IF;
  IF TG_OP <> 'DELETE' THEN keys := keys || cache_keys_of(TG_ARGV[0], to_jsonb(NEW)); END IF;
  INSERT INTO cache_versions AS c (key, version)
    SELECT DISTINCT k, 1 FROM unnest(keys) AS k WHERE k IS NOT NULL ORDER BY 1
  ON CONFLICT (key) DO UPDATE SET version = c.version + 1;
  RETURN NULL;
END
$fn$;
--> statement-breakpoint
CREATE TRIGGER vendors_cache_versions AFTER INSERT OR UPDATE OR DELETE ON vendors
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('vendor_row');
--> statement-breakpoint
CREATE TRIGGER groups_cache_versions AFTER INSERT OR UPDATE OR DELETE ON groups
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('group_row');
--> statement-breakpoint
CREATE TRIGGER accounts_cache_versions AFTER UPDATE OR DELETE ON accounts
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('account_row');
--> statement-breakpoint
-- A session's sign-out, revocation or expiry; not its last_seen_at, which a read writes once a minute.
CREATE TRIGGER sessions_cache_versions AFTER UPDATE OF revoked_at, expires_at, account_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('session');
--> statement-breakpoint
CREATE TRIGGER roles_cache_versions AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('role_row');
--> statement-breakpoint
CREATE TRIGGER shops_cache_versions AFTER INSERT OR UPDATE OR DELETE ON shops
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('vendor');
--> statement-breakpoint
CREATE TRIGGER locations_cache_versions AFTER INSERT OR UPDATE OR DELETE ON locations
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('vendor');
--> statement-breakpoint
CREATE TRIGGER alliances_cache_versions AFTER INSERT OR UPDATE OR DELETE ON alliances
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('vendor');
--> statement-breakpoint
CREATE TRIGGER pay_qr_codes_cache_versions AFTER INSERT OR UPDATE OR DELETE ON pay_qr_codes
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('vendor');
--> statement-breakpoint
CREATE TRIGGER price_templates_cache_versions AFTER INSERT OR UPDATE OR DELETE ON price_templates
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('vendor');
--> statement-breakpoint
CREATE TRIGGER vendor_payment_settings_cache_versions AFTER INSERT OR UPDATE OR DELETE ON vendor_payment_settings
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('vendor');
--> statement-breakpoint
CREATE TRIGGER brands_cache_versions AFTER INSERT OR UPDATE OR DELETE ON brands
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('group');
--> statement-breakpoint
-- The register, not the gateway's `online` (written in batches as machines come and go): no cached
-- answer may show whether a machine is online.
CREATE TRIGGER devices_cache_versions
  AFTER INSERT OR DELETE OR UPDATE OF vendor_id, serial_number, name, machine_number, shop_id, price_template_id,
    machine_type, secret_hash, claim_code_hash, subscription_expires_at ON devices
  FOR EACH ROW EXECUTE FUNCTION raise_cache_versions('vendor');

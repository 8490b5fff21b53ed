-- Issue 23: the lock of spec §6 covers query-type keys (with the console, vendor info and the logs),
-- not every right over locations, alliances, roles and sub-accounts. Roles used to store every
-- locked key, so each role row holds loc/allia/role/sub_act add, modify and remove that no vendor
-- chose (the role editor showed them checked and could not clear them). From now on a row stores
-- only the keys chosen beyond the lock, which is added when a role is read. This takes out of
-- every row:
--  - the keys locked today (they come back from the rule);
--  - adding, modifying and removing roles and sub-accounts: no role chose them, and "sub-admin: all
--    except sub-account management" must not manage sub-accounts; a vendor gives them again in the
--    role editor to the roles meant to have them;
--  - adding, modifying and removing locations and alliances, except where the role holds the same
--    right over shops (shop_add → loc_add and allia_add, …): a role trusted to run shops keeps
--    arranging them (the sub-admin preset), a role without (financial staff) loses them.
-- The order of the remaining keys and the app roles is kept.
UPDATE "roles" AS r SET "permissions" = ARRAY(
  SELECT k FROM unnest(r."permissions") WITH ORDINALITY AS t(k, n)
  WHERE k NOT IN (
      'console', 'vendor_info', 'log_opts', 'log_dev',
      'loc_query', 'shop_query', 'allia_query', 'payqr_query', 'dev_query', 'mem_query', 'ucard_query',
      'wd_query', 'ota_query', 'role_query', 'sub_act_query',
      'role_add', 'role_modify', 'role_remove', 'sub_act_add', 'sub_act_modify', 'sub_act_remove'
    )
    AND (k NOT IN ('loc_add', 'allia_add') OR 'shop_add' = ANY(r."permissions"))
    AND (k NOT IN ('loc_modify', 'allia_modify') OR 'shop_modify' = ANY(r."permissions"))
    AND (k NOT IN ('loc_remove', 'allia_remove') OR 'shop_remove' = ANY(r."permissions"))
  ORDER BY n
);

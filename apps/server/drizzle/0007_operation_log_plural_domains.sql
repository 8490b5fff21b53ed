-- The API's domains take one name in every layer (server module, contract namespace, console feature),
-- the plural one. The operation log stores each call's id ("shop.create" became "shops.create"), so the
-- rows written before keep matching their action filter and their translated label.
UPDATE "operation_log" SET "action" = CASE split_part("action", '.', 1)
    WHEN 'shop' THEN 'shops'
    WHEN 'location' THEN 'locations'
    WHEN 'alliance' THEN 'alliances'
    WHEN 'brand' THEN 'brands'
    WHEN 'ecard' THEN 'ecards'
    WHEN 'role' THEN 'roles'
    WHEN 'subAccount' THEN 'subAccounts'
    WHEN 'groupSubAccount' THEN 'groupSubAccounts'
    WHEN 'vendorAccount' THEN 'vendorAccounts'
    WHEN 'priceTemplate' THEN 'priceTemplates'
    WHEN 'upload' THEN 'uploads'
    WHEN 'group' THEN 'groups'
  END || substr("action", strpos("action", '.'))
WHERE split_part("action", '.', 1) IN
  ('shop', 'location', 'alliance', 'brand', 'ecard', 'role', 'subAccount', 'groupSubAccount', 'vendorAccount',
   'priceTemplate', 'upload', 'group');

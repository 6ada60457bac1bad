-- Custom migration (drizzle-kit generate --custom): a trigger-kept total per product, so the admin search for
-- a product ("learner", "Business use cover": docs/product.md#statistics-and-search) answers its total with a
-- primary-key read instead of counting a third of a million rows. Same idea as 'policies' and
-- 'policies_active' in 0002_search_fts.sql; the page itself walks policies_product_idx (0003) newest first.
-- A product without a counter row (none today: the service only stores the three) changes nothing.
INSERT OR REPLACE INTO `counters`(name, value) VALUES
  ('policies_product_temporary', (SELECT count(*) FROM `policies` WHERE product = 'temporary')),
  ('policies_product_learner', (SELECT count(*) FROM `policies` WHERE product = 'learner')),
  ('policies_product_business', (SELECT count(*) FROM `policies` WHERE product = 'business'));
--> statement-breakpoint
CREATE TRIGGER `counters_policies_product_ai` AFTER INSERT ON `policies` BEGIN
  UPDATE counters SET value = value + 1 WHERE name = 'policies_product_' || new.product;
END;
--> statement-breakpoint
CREATE TRIGGER `counters_policies_product_ad` AFTER DELETE ON `policies` BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'policies_product_' || old.product;
END;
--> statement-breakpoint
CREATE TRIGGER `counters_policies_product_au` AFTER UPDATE OF product ON `policies` WHEN old.product IS NOT new.product BEGIN
  UPDATE counters SET value = value - 1 WHERE name = 'policies_product_' || old.product;
  UPDATE counters SET value = value + 1 WHERE name = 'policies_product_' || new.product;
END;

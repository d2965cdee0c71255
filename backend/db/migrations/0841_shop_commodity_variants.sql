-- 规格 of a commodity (issue #33 item 3, docs/decisions/161): a uniform in sizes or colours, each
-- with its own stock (never below zero: orders take it with a conditional update, as a commodity's)
-- and optionally its own price (else the commodity's). A commodity with variants keeps in its own
-- stock the sum of theirs; its cart rows and order lines name one variant.
CREATE TABLE shop_commodity_variant (
  id            varchar(32) PRIMARY KEY,
  tenant_id     integer NOT NULL DEFAULT 1,
  commodity_id  varchar(32) NOT NULL REFERENCES shop_commodity (id) ON DELETE CASCADE,
  name          varchar(50) NOT NULL CHECK (btrim(name) <> ''),
  price         numeric(12,2) CHECK (price IS NULL OR price >= 0),
  stock         integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  sort_no       integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX uniq_shop_commodity_variant_name ON shop_commodity_variant (commodity_id, name);

ALTER TABLE shop_order_item
  ADD COLUMN variant_id   varchar(32) REFERENCES shop_commodity_variant (id),
  ADD COLUMN variant_name varchar(50);
CREATE INDEX idx_shop_order_item_variant ON shop_order_item (variant_id) WHERE variant_id IS NOT NULL;

ALTER TABLE shop_cart ADD COLUMN variant_id varchar(32) REFERENCES shop_commodity_variant (id) ON DELETE CASCADE;
DROP INDEX IF EXISTS uniq_shop_cart_parent_commodity;
CREATE UNIQUE INDEX uniq_shop_cart_parent_commodity ON shop_cart (tenant_id, parent_id, commodity_id, coalesce(variant_id, ''));

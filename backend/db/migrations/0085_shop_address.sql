-- 地址 Addresses (issue #14 item 6, docs/spec/school-domain.md "Activities and the shop"): a parent's
-- delivery addresses. The area is stored as codes (the area selector's province / city / district);
-- the server derives province and city from the district. One default per parent: the partial
-- unique index is the last guard, the save locks the parent row and switches the default in its
-- transaction (docs/decisions/040-one-default-address.md).
CREATE TABLE shop_address (
  id           varchar(32) PRIMARY KEY,
  tenant_id    integer NOT NULL DEFAULT 1,
  parent_id    varchar(32) NOT NULL REFERENCES school_parent (id) ON DELETE CASCADE,
  receiver     varchar(50) NOT NULL,
  phone        varchar(20) NOT NULL,
  province     varchar(6) NOT NULL,
  city         varchar(6) NOT NULL,
  district     varchar(6) NOT NULL,
  detail       varchar(200) NOT NULL,
  is_default   varchar(1) NOT NULL DEFAULT 'N' CHECK (is_default IN ('Y', 'N')),  -- dict yn
  remark       varchar(255),
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);
CREATE UNIQUE INDEX uniq_shop_address_default ON shop_address (tenant_id, parent_id) WHERE is_default = 'Y';
CREATE INDEX idx_shop_address_parent ON shop_address (parent_id);
CREATE INDEX idx_shop_address_list ON shop_address (tenant_id, create_time DESC, id DESC);

-- Activities and the shop (issue #14, docs/spec/school-domain.md "Activities and the shop";
-- docs/decisions/033-035). Money is numeric(12,2), integer fen in code (contract/money.ts).
-- Every table is per tenant, like the billing tables. Addresses are a module of their own: an
-- order keeps a snapshot of its receiver, phone and address text.

-- 活动 and 社区活动 share one table (kind 1 school, 2 community: open to parents and staff).
CREATE TABLE act_activity (
  id               varchar(32) PRIMARY KEY,
  tenant_id        integer NOT NULL DEFAULT 1,
  kind             varchar(1) NOT NULL DEFAULT '1',
  title            varchar(100) NOT NULL,
  type             varchar(2) NOT NULL,            -- dict activity_type
  cover            varchar(500),
  start_time       timestamptz NOT NULL,
  end_time         timestamptz,
  location         varchar(200),
  capacity         integer NOT NULL CHECK (capacity > 0),
  fee              numeric(12,2) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  signup_deadline  timestamptz NOT NULL,
  content          text,
  organiser        varchar(100),
  status           varchar(2) NOT NULL DEFAULT '1', -- dict activity_status, moved by actions only
  create_by        varchar(32),
  create_time      timestamptz NOT NULL DEFAULT now(),
  update_by        varchar(32),
  update_time      timestamptz
);
CREATE INDEX idx_act_activity_kind_time ON act_activity (tenant_id, kind, create_time DESC, id);

-- 报名: capacity and deadline are checked under the activity's row lock (docs/decisions/033).
CREATE TABLE act_signup (
  id            varchar(32) PRIMARY KEY,
  tenant_id     integer NOT NULL DEFAULT 1,
  activity_id   varchar(32) NOT NULL REFERENCES act_activity (id) ON DELETE CASCADE,
  student_id    varchar(32) NOT NULL,
  parent_id     varchar(32),
  signup_time   timestamptz NOT NULL DEFAULT now(),
  status        varchar(2) NOT NULL DEFAULT '1',  -- dict signup_status
  paid          varchar(1) NOT NULL DEFAULT 'N',  -- dict yn
  bill_id       varchar(32) REFERENCES bill_bill (id),
  bill_item_id  varchar(32),
  remark        varchar(255),
  create_by     varchar(32),
  create_time   timestamptz NOT NULL DEFAULT now(),
  update_by     varchar(32),
  update_time   timestamptz
);
-- One live sign-up per student and activity; a cancelled one (3) frees it.
CREATE UNIQUE INDEX uniq_act_signup_student ON act_signup (activity_id, student_id) WHERE status <> '3';
CREATE INDEX idx_act_signup_activity ON act_signup (activity_id, status);
CREATE INDEX idx_act_signup_create_time ON act_signup (create_time DESC, id);

CREATE TABLE act_third_party (
  id           varchar(32) PRIMARY KEY,
  tenant_id    integer NOT NULL DEFAULT 1,
  provider     varchar(100) NOT NULL,
  title        varchar(100) NOT NULL,
  start_time   timestamptz,
  end_time     timestamptz,
  location     varchar(200),
  fee          numeric(12,2) CHECK (fee >= 0),
  contact      varchar(50),
  phone        varchar(30),
  remark       varchar(255),
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);

CREATE TABLE act_third_party_student (
  id           varchar(32) PRIMARY KEY,
  tenant_id    integer NOT NULL DEFAULT 1,
  activity_id  varchar(32) NOT NULL REFERENCES act_third_party (id) ON DELETE CASCADE,
  student_id   varchar(32) NOT NULL,
  remark       varchar(255),
  sort_no      integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX uniq_act_third_party_student ON act_third_party_student (activity_id, student_id);

CREATE TABLE shop_commodity (
  id           varchar(32) PRIMARY KEY,
  tenant_id    integer NOT NULL DEFAULT 1,
  name         varchar(100) NOT NULL,
  category_id  varchar(32),
  price        numeric(12,2) NOT NULL CHECK (price >= 0),
  -- Never below zero: orders take stock with a conditional update (docs/decisions/034).
  stock        integer NOT NULL DEFAULT 0 CHECK (stock >= 0),
  images       varchar(1000),
  status       varchar(1) NOT NULL DEFAULT '1',   -- dict commodity_status
  description  varchar(1000),
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);
CREATE UNIQUE INDEX uniq_shop_commodity_name ON shop_commodity (tenant_id, name);

-- A parent's cart: one row per commodity.
CREATE TABLE shop_cart (
  id            varchar(32) PRIMARY KEY,
  tenant_id     integer NOT NULL DEFAULT 1,
  parent_id     varchar(32) NOT NULL,
  commodity_id  varchar(32) NOT NULL REFERENCES shop_commodity (id) ON DELETE CASCADE,
  quantity      integer NOT NULL CHECK (quantity > 0),
  added_at      timestamptz NOT NULL DEFAULT now(),
  create_by     varchar(32),
  create_time   timestamptz NOT NULL DEFAULT now(),
  update_by     varchar(32),
  update_time   timestamptz
);
CREATE UNIQUE INDEX uniq_shop_cart_parent_commodity ON shop_cart (tenant_id, parent_id, commodity_id);

CREATE TABLE shop_order (
  id              varchar(32) PRIMARY KEY,
  tenant_id       integer NOT NULL DEFAULT 1,
  order_no        varchar(64) NOT NULL,
  parent_id       varchar(32) NOT NULL,
  student_id      varchar(32),
  address_id      varchar(32),
  receiver        varchar(50),
  receiver_phone  varchar(30),
  address_text    varchar(300),
  total           numeric(12,2) NOT NULL DEFAULT 0,
  status          varchar(1) NOT NULL DEFAULT '1', -- dict order_status, moved by actions only
  pay_channel     varchar(2),                      -- dict shop_pay_channel
  paid_at         timestamptz,
  remark          varchar(255),
  create_by       varchar(32),
  create_time     timestamptz NOT NULL DEFAULT now(),
  update_by       varchar(32),
  update_time     timestamptz
);
CREATE UNIQUE INDEX uniq_shop_order_no ON shop_order (tenant_id, order_no);
CREATE INDEX idx_shop_order_create_time ON shop_order (create_time DESC, id);

CREATE TABLE shop_order_item (
  id            varchar(32) PRIMARY KEY,
  order_id      varchar(32) NOT NULL REFERENCES shop_order (id) ON DELETE CASCADE,
  commodity_id  varchar(32) NOT NULL REFERENCES shop_commodity (id),
  name          varchar(100) NOT NULL,
  price         numeric(12,2) NOT NULL,
  quantity      integer NOT NULL CHECK (quantity > 0),
  amount        numeric(12,2) NOT NULL,
  sort_no       integer NOT NULL DEFAULT 0
);
CREATE INDEX idx_shop_order_item_order ON shop_order_item (order_id, sort_no);

-- Order numbers (填值规则): DD + day + 4 digits, daily.
INSERT INTO sys_fill_rule (id, rule_name, rule_code, rule_class, rule_params, prefix, date_pattern, seq_digits, reset_cycle, create_by)
VALUES ('fillrule_order_no', '订单号', 'order_no', 'serial',
        '{"prefix":"DD","datePattern":"yyyyMMdd","seqDigits":4,"resetCycle":"day"}', 'DD', 'yyyyMMdd', 4, 'day', 'admin')
ON CONFLICT (rule_code) DO NOTHING;

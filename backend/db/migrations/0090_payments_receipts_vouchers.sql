-- Money in (issue #13 part 1, docs/spec/school-domain.md "Fees and money"): payments and their
-- allocation over bills, receipts issued from payments, and accounting vouchers. Money is
-- numeric(12,2), computed in integer fen in code (contract/money.ts). Every table is per tenant.
--
-- Allocation invariants (docs/decisions/030): a bill's paid_amount is the sum of the allocations
-- of its live payments and never exceeds its payable; a payment's allocated_amount never exceeds
-- its amount. Writers lock payment, then bills by id, then receivables by id.

CREATE TABLE bill_payment (
  id                varchar(32) PRIMARY KEY,
  tenant_id         integer NOT NULL DEFAULT 1,
  payment_no        varchar(64) NOT NULL,
  payer_type        varchar(2) NOT NULL,            -- dict payer_type
  payer_id          varchar(32) NOT NULL,
  payer_name        varchar(100),
  channel           varchar(2) NOT NULL,            -- dict payment_channel
  amount            numeric(12,2) NOT NULL CHECK (amount > 0),
  allocated_amount  numeric(12,2) NOT NULL DEFAULT 0,
  paid_at           timestamptz NOT NULL,
  trade_no          varchar(64),                    -- the channel's outTradeNo (WeChat, bank reference)
  status            varchar(2) NOT NULL DEFAULT '1', -- dict payment_status
  remark            varchar(255),
  create_by         varchar(32),
  create_time       timestamptz NOT NULL DEFAULT now(),
  update_by         varchar(32),
  update_time       timestamptz,
  CONSTRAINT bill_payment_allocated CHECK (allocated_amount >= 0 AND allocated_amount <= amount)
);
CREATE UNIQUE INDEX uniq_bill_payment_tenant_no ON bill_payment (tenant_id, payment_no);
CREATE INDEX idx_bill_payment_create_time_id ON bill_payment (create_time DESC NULLS LAST, id);
CREATE INDEX idx_bill_payment_trade_no ON bill_payment (tenant_id, trade_no) WHERE trade_no IS NOT NULL;
CREATE INDEX idx_bill_payment_payer ON bill_payment (tenant_id, payer_type, payer_id);

CREATE TABLE bill_payment_allocation (
  id          varchar(32) PRIMARY KEY,
  payment_id  varchar(32) NOT NULL REFERENCES bill_payment (id) ON DELETE CASCADE,
  bill_id     varchar(32) NOT NULL REFERENCES bill_bill (id),
  amount      numeric(12,2) NOT NULL CHECK (amount > 0),
  sort_no     integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX uniq_bill_payment_allocation ON bill_payment_allocation (payment_id, bill_id);
CREATE INDEX idx_bill_payment_allocation_bill ON bill_payment_allocation (bill_id);

-- The database's last word on the bill side: never more paid than payable.
ALTER TABLE bill_bill ADD CONSTRAINT bill_bill_paid_within_payable CHECK (paid_amount >= 0 AND paid_amount <= payable) NOT VALID;

CREATE TABLE bill_receipt (
  id               varchar(32) PRIMARY KEY,
  tenant_id        integer NOT NULL DEFAULT 1,
  receipt_no       varchar(64) NOT NULL,
  payment_id       varchar(32) NOT NULL REFERENCES bill_payment (id),
  payment_no       varchar(64) NOT NULL,
  payer_name       varchar(100),
  amount           numeric(12,2) NOT NULL,
  amount_in_words  varchar(100) NOT NULL,
  issued_at        timestamptz NOT NULL DEFAULT now(),
  issuer           varchar(50),
  print_count      integer NOT NULL DEFAULT 0,
  remark           varchar(255),
  create_by        varchar(32),
  create_time      timestamptz NOT NULL DEFAULT now(),
  update_by        varchar(32),
  update_time      timestamptz
);
CREATE UNIQUE INDEX uniq_bill_receipt_tenant_no ON bill_receipt (tenant_id, receipt_no);
CREATE INDEX idx_bill_receipt_create_time_id ON bill_receipt (create_time DESC NULLS LAST, id);
-- One receipt per payment (a second issue, also a concurrent one, is refused).
CREATE UNIQUE INDEX uniq_bill_receipt_payment ON bill_receipt (payment_id);

CREATE TABLE bill_voucher (
  id            varchar(32) PRIMARY KEY,
  tenant_id     integer NOT NULL DEFAULT 1,
  voucher_no    varchar(64) NOT NULL,
  voucher_date  date NOT NULL,
  summary       varchar(255) NOT NULL,
  debit_total   numeric(14,2) NOT NULL DEFAULT 0,
  credit_total  numeric(14,2) NOT NULL DEFAULT 0,
  attachments   varchar(1000),                  -- stored file paths, comma-separated (the upload widget)
  status        varchar(2) NOT NULL DEFAULT '1', -- dict voucher_status: 1 草稿, 2 已过账
  posted_by     varchar(32),
  posted_at     timestamptz,
  remark        varchar(255),
  create_by     varchar(32),
  create_time   timestamptz NOT NULL DEFAULT now(),
  update_by     varchar(32),
  update_time   timestamptz,
  CONSTRAINT bill_voucher_balanced CHECK (debit_total = credit_total)
);
CREATE UNIQUE INDEX uniq_bill_voucher_tenant_no ON bill_voucher (tenant_id, voucher_no);
CREATE INDEX idx_bill_voucher_create_time_id ON bill_voucher (create_time DESC NULLS LAST, id);

CREATE TABLE bill_voucher_entry (
  id          varchar(32) PRIMARY KEY,
  voucher_id  varchar(32) NOT NULL REFERENCES bill_voucher (id) ON DELETE CASCADE,
  account     varchar(100) NOT NULL,
  debit       numeric(12,2) NOT NULL DEFAULT 0 CHECK (debit >= 0),
  credit      numeric(12,2) NOT NULL DEFAULT 0 CHECK (credit >= 0),
  remark      varchar(255),
  sort_no     integer NOT NULL DEFAULT 0
);
CREATE INDEX idx_bill_voucher_entry_voucher ON bill_voucher_entry (voucher_id, sort_no);

-- The numbers of payments and vouchers (receipts use receipt_no of the people migration's seed).
INSERT INTO sys_fill_rule (id, rule_name, rule_code, rule_class, rule_params, prefix, date_pattern, seq_digits, reset_cycle, create_by)
VALUES ('fr_payment_no', '付款单号', 'payment_no', 'serial', '{"prefix":"PM","datePattern":"yyyyMMdd","seqDigits":4,"resetCycle":"day"}', 'PM', 'yyyyMMdd', 4, 'day', 'admin'),
       ('fr_voucher_no', '凭证号', 'voucher_no', 'serial', '{"prefix":"JZ","datePattern":"yyyyMM","seqDigits":4,"resetCycle":"month"}', 'JZ', 'yyyyMM', 4, 'month', 'admin')
ON CONFLICT (rule_code) DO NOTHING;

-- 微信交易: the merchant statement's trades, imported once each (transaction_id is unique per
-- tenant: importing the same file again adds nothing), and the payment each was reconciled with.
CREATE TABLE bill_wechat_trade (
  id              varchar(32) PRIMARY KEY,
  tenant_id       integer NOT NULL DEFAULT 1,
  transaction_id  varchar(32) NOT NULL,
  out_trade_no    varchar(64),
  open_id         varchar(64),
  amount          numeric(12,2) NOT NULL,
  refund_amount   numeric(12,2) NOT NULL DEFAULT 0,
  trade_state     varchar(16) NOT NULL,             -- dict trade_state
  trade_time      timestamptz NOT NULL,
  goods_name      varchar(255),
  attach          varchar(255),
  payment_id      varchar(32) REFERENCES bill_payment (id),
  reconciled      smallint NOT NULL DEFAULT 0,      -- dict yn
  create_by       varchar(32),
  create_time     timestamptz NOT NULL DEFAULT now(),
  update_by       varchar(32),
  update_time     timestamptz
);
CREATE UNIQUE INDEX uniq_bill_wechat_trade_transaction ON bill_wechat_trade (tenant_id, transaction_id);
CREATE INDEX idx_bill_wechat_trade_time ON bill_wechat_trade (tenant_id, trade_time);
CREATE INDEX idx_bill_wechat_trade_create_time_id ON bill_wechat_trade (create_time DESC NULLS LAST, id);
CREATE INDEX idx_bill_payment_paid_at ON bill_payment (tenant_id, paid_at);

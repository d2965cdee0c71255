-- Fees and billing (issue #12 part B, docs/spec/school-domain.md "Fees and money") and the mail outbox
-- ("Communication"). Money is numeric(12,2): computed in integer fen in code (contract/money.ts).
-- Every table is per tenant, like sys_position.

CREATE TABLE bill_project (
  id           varchar(32) PRIMARY KEY,
  tenant_id    integer NOT NULL DEFAULT 1,
  code         varchar(32) NOT NULL,
  name         varchar(100) NOT NULL,
  type         varchar(2) NOT NULL,            -- dict project_type
  unit_price   numeric(12,2) NOT NULL CHECK (unit_price >= 0),
  period       varchar(2) NOT NULL,            -- dict project_period
  active       smallint NOT NULL DEFAULT 1,    -- dict yn: billed by the term's generation
  sort_no      integer NOT NULL DEFAULT 0,
  remark       varchar(255),
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);
CREATE UNIQUE INDEX uniq_bill_project_tenant_code ON bill_project (tenant_id, code);

-- An employer's allowance: for every student of the corporation (student_id NULL) or one student,
-- on one project of one term; either an amount or a percent, never both.
CREATE TABLE bill_allowance (
  id           varchar(32) PRIMARY KEY,
  tenant_id    integer NOT NULL DEFAULT 1,
  corp_id      varchar(32) NOT NULL,
  student_id   varchar(32),
  school_year  varchar(9) NOT NULL,            -- e.g. 2026-2027
  term         varchar(2) NOT NULL,            -- dict school_term
  project_id   varchar(32) NOT NULL REFERENCES bill_project (id),
  amount       numeric(12,2) CHECK (amount >= 0),
  percent      numeric(5,2) CHECK (percent >= 0 AND percent <= 100),
  status       varchar(2) NOT NULL DEFAULT '1', -- dict valid_status
  remark       varchar(255),
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz,
  CONSTRAINT bill_allowance_amount_or_percent CHECK ((amount IS NULL) <> (percent IS NULL))
);
CREATE INDEX idx_bill_allowance_term ON bill_allowance (tenant_id, school_year, term);

-- One receivable per payer and period (`<school year>-<term>`), aggregating that payer's bills.
CREATE TABLE bill_receivable (
  id               varchar(32) PRIMARY KEY,
  tenant_id        integer NOT NULL DEFAULT 1,
  receivable_no    varchar(64) NOT NULL,
  payer_type       varchar(2) NOT NULL,        -- dict payer_type
  payer_id         varchar(32) NOT NULL,
  payer_name       varchar(100),
  period           varchar(16) NOT NULL,
  total_amount     numeric(12,2) NOT NULL DEFAULT 0,
  received_amount  numeric(12,2) NOT NULL DEFAULT 0,
  status           varchar(2) NOT NULL DEFAULT '1', -- dict receivable_status
  emailed_at       timestamptz,
  remark           varchar(255),
  create_by        varchar(32),
  create_time      timestamptz NOT NULL DEFAULT now(),
  update_by        varchar(32),
  update_time      timestamptz
);
CREATE UNIQUE INDEX uniq_bill_receivable_tenant_no ON bill_receivable (tenant_id, receivable_no);
CREATE UNIQUE INDEX uniq_bill_receivable_payer_period ON bill_receivable (tenant_id, payer_type, payer_id, period) WHERE status <> '4';

CREATE TABLE bill_bill (
  id               varchar(32) PRIMARY KEY,
  tenant_id        integer NOT NULL DEFAULT 1,
  bill_no          varchar(64) NOT NULL,
  student_id       varchar(32) NOT NULL,
  school_year      varchar(9) NOT NULL,
  term             varchar(2) NOT NULL,
  total            numeric(12,2) NOT NULL DEFAULT 0,
  allowance_total  numeric(12,2) NOT NULL DEFAULT 0,
  payable          numeric(12,2) NOT NULL DEFAULT 0,
  paid_amount      numeric(12,2) NOT NULL DEFAULT 0,
  due_date         date,
  payer_type       varchar(2),                 -- dict payer_type
  payer_id         varchar(32),
  receivable_id    varchar(32) REFERENCES bill_receivable (id),
  status           varchar(2) NOT NULL DEFAULT '1', -- dict bill_status
  remark           varchar(255),
  create_by        varchar(32),
  create_time      timestamptz NOT NULL DEFAULT now(),
  update_by        varchar(32),
  update_time      timestamptz
);
CREATE UNIQUE INDEX uniq_bill_bill_tenant_no ON bill_bill (tenant_id, bill_no);
-- A student has one live bill per term: generation skips the billed ones, and this index makes a
-- second generation racing the first fail instead of billing twice. A voided bill (4) frees it.
CREATE UNIQUE INDEX uniq_bill_bill_student_term ON bill_bill (tenant_id, student_id, school_year, term) WHERE status <> '4';
CREATE INDEX idx_bill_bill_create_time_id ON bill_bill (create_time DESC NULLS LAST, id);
CREATE INDEX idx_bill_bill_receivable ON bill_bill (receivable_id);

CREATE TABLE bill_bill_item (
  id           varchar(32) PRIMARY KEY,
  bill_id      varchar(32) NOT NULL REFERENCES bill_bill (id) ON DELETE CASCADE,
  project_id   varchar(32) REFERENCES bill_project (id),
  name         varchar(100) NOT NULL,
  quantity     numeric(10,2) NOT NULL DEFAULT 1,
  unit_price   numeric(12,2) NOT NULL,
  amount       numeric(12,2) NOT NULL,
  allowance    numeric(12,2) NOT NULL DEFAULT 0,
  sort_no      integer NOT NULL DEFAULT 0
);
CREATE INDEX idx_bill_bill_item_bill ON bill_bill_item (bill_id, sort_no);

-- The mail outbox: a row is written before sending, so a failed mail is kept with its error.
CREATE TABLE comm_mail (
  id            varchar(32) PRIMARY KEY,
  tenant_id     integer NOT NULL DEFAULT 1,
  mail_to       varchar(500) NOT NULL,
  cc            varchar(500),
  subject       varchar(255) NOT NULL,
  body          text,
  status        varchar(1) NOT NULL DEFAULT '0', -- dict mail_status: 0 待发送, 1 已发送, 2 失败
  sent_at       timestamptz,
  error         text,
  attempts      integer NOT NULL DEFAULT 0,
  related_type  varchar(32),
  related_id    varchar(32),
  create_by     varchar(32),
  create_time   timestamptz NOT NULL DEFAULT now(),
  update_by     varchar(32),
  update_time   timestamptz
);
CREATE INDEX idx_comm_mail_create_time_id ON comm_mail (create_time DESC NULLS LAST, id);
CREATE INDEX idx_comm_mail_failed ON comm_mail (status) WHERE status <> '1';

CREATE TABLE comm_mail_attachment (
  id            varchar(32) PRIMARY KEY,
  mail_id       varchar(32) NOT NULL REFERENCES comm_mail (id) ON DELETE CASCADE,
  filename      varchar(255) NOT NULL,
  content_type  varchar(100) NOT NULL,
  content       bytea NOT NULL
);
CREATE INDEX idx_comm_mail_attachment_mail ON comm_mail_attachment (mail_id);

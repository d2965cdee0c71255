-- People (学籍管理: students, parents, corporations, teachers; school-domain.md "People") and fill
-- rules (填值规则, api-contract.md §5 sys_fill_rule). Issue #12 part A.
--
-- Fill rules are shared configuration like check rules (no tenant). A number is the next value of
-- a counter row per (rule, period), taken with INSERT … ON CONFLICT DO UPDATE … RETURNING: the
-- row lock makes concurrent callers wait for each other, so no two ever get the same value.
CREATE TABLE sys_fill_rule (
  id            varchar(32) PRIMARY KEY,
  rule_name     varchar(100) NOT NULL,
  rule_code     varchar(100) NOT NULL,
  -- The rule's kind (dictionary fill_rule_kind); the original names a Java class here.
  rule_class    varchar(100) NOT NULL DEFAULT 'serial',
  -- The original's parameters as JSON, written from the columns below on every save.
  rule_params   varchar(500),
  prefix        varchar(20),
  -- yyyy, yyyyMM, yyyyMMdd, yyMMdd or empty (dictionary fill_rule_date).
  date_pattern  varchar(10),
  seq_digits    integer NOT NULL DEFAULT 4,
  -- day, month, year or never (dictionary fill_rule_reset).
  reset_cycle   varchar(10) NOT NULL DEFAULT 'never',
  create_by     varchar(32),
  create_time   timestamptz NOT NULL DEFAULT now(),
  update_by     varchar(32),
  update_time   timestamptz
);
CREATE UNIQUE INDEX uniq_sys_fill_rule_code ON sys_fill_rule (rule_code);

CREATE TABLE sys_fill_rule_counter (
  rule_code   varchar(100) NOT NULL,
  -- The reset period the counter belongs to: '20260105', '202601', '2026' or '-' (never reset).
  period      varchar(8) NOT NULL,
  value       bigint NOT NULL,
  PRIMARY KEY (rule_code, period)
);

-- Employers that pay fees (企业).
CREATE TABLE school_corporation (
  id             varchar(32) PRIMARY KEY,
  tenant_id      integer NOT NULL DEFAULT 1,
  name           varchar(100) NOT NULL,
  short_name     varchar(50),
  contact        varchar(50),
  email          varchar(100),
  phone          varchar(30),
  tax_no         varchar(30),
  address        varchar(200),
  billing_cycle  varchar(2),
  status         varchar(2),
  create_by      varchar(32),
  create_time    timestamptz NOT NULL DEFAULT now(),
  update_by      varchar(32),
  update_time    timestamptz
);
CREATE UNIQUE INDEX uniq_school_corporation_name ON school_corporation (tenant_id, name);

CREATE TABLE school_student (
  id            varchar(32) PRIMARY KEY,
  tenant_id     integer NOT NULL DEFAULT 1,
  student_no    varchar(32) NOT NULL,
  name_cn       varchar(50) NOT NULL,
  name_en       varchar(100),
  sex           varchar(1),
  birthday      date,
  nationality   varchar(8),
  passport_no   varchar(50),
  grade         varchar(4),
  class_name    varchar(50),
  enroll_date   date,
  status        varchar(2),
  corp_id       varchar(32) REFERENCES school_corporation (id) ON DELETE SET NULL,
  photo         varchar(500),
  remark        varchar(500),
  create_by     varchar(32),
  create_time   timestamptz NOT NULL DEFAULT now(),
  update_by     varchar(32),
  update_time   timestamptz
);
CREATE UNIQUE INDEX uniq_school_student_no ON school_student (tenant_id, student_no);
-- The list's default page: newest first within the tenant.
CREATE INDEX idx_school_student_list ON school_student (tenant_id, create_time DESC, id DESC);

CREATE TABLE school_parent (
  id              varchar(32) PRIMARY KEY,
  tenant_id       integer NOT NULL DEFAULT 1,
  name            varchar(50) NOT NULL,
  name_en         varchar(100),
  sex             varchar(1),
  phone           varchar(20),
  email           varchar(100),
  wechat_open_id  varchar(64),
  nationality     varchar(8),
  corp_id         varchar(32) REFERENCES school_corporation (id) ON DELETE SET NULL,
  position        varchar(100),
  remark          varchar(500),
  create_by       varchar(32),
  create_time     timestamptz NOT NULL DEFAULT now(),
  update_by       varchar(32),
  update_time     timestamptz
);
CREATE INDEX idx_school_parent_list ON school_parent (tenant_id, create_time DESC, id DESC);

-- A student's parents (the grid of the student form): relation 父亲/母亲/监护人 and the payer.
CREATE TABLE school_student_parent (
  id          varchar(32) PRIMARY KEY,
  tenant_id   integer NOT NULL DEFAULT 1,
  student_id  varchar(32) NOT NULL REFERENCES school_student (id) ON DELETE CASCADE,
  parent_id   varchar(32) NOT NULL REFERENCES school_parent (id) ON DELETE CASCADE,
  relation    varchar(2) NOT NULL,
  is_payer    boolean NOT NULL DEFAULT false,
  sort_no     integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX uniq_school_student_parent ON school_student_parent (student_id, parent_id);
-- At most one payer per student, whatever writes the rows.
CREATE UNIQUE INDEX uniq_school_student_payer ON school_student_parent (student_id) WHERE is_payer;
CREATE INDEX idx_school_student_parent_parent ON school_student_parent (parent_id);

CREATE TABLE school_teacher (
  id          varchar(32) PRIMARY KEY,
  tenant_id   integer NOT NULL DEFAULT 1,
  teacher_no  varchar(20) NOT NULL,
  name        varchar(50) NOT NULL,
  name_en     varchar(100),
  sex         varchar(1),
  phone       varchar(20),
  email       varchar(100),
  subject     varchar(10),
  depart_id   varchar(32),
  hire_date   date,
  status      varchar(2),
  create_by   varchar(32),
  create_time timestamptz NOT NULL DEFAULT now(),
  update_by   varchar(32),
  update_time timestamptz
);
CREATE UNIQUE INDEX uniq_school_teacher_no ON school_teacher (tenant_id, teacher_no);

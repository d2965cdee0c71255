-- 组件示例 → the editable grid's demo page (/demo/grid, issue #11): one row per grid row, every
-- column type of docs/spec/widgets.md §3 kept as text (the grid posts strings), per tenant.
CREATE TABLE demo_grid_row (
  id varchar(32) PRIMARY KEY,
  tenant_id integer NOT NULL DEFAULT 1,
  order_num integer NOT NULL DEFAULT 0,
  name varchar(100) NOT NULL,
  age varchar(20),
  sex varchar(10),
  birthday varchar(10),
  check_in varchar(19),
  class_time varchar(8),
  active varchar(1),
  level varchar(10),
  hobbies varchar(255),
  city varchar(50),
  teacher varchar(100),
  depart varchar(255),
  owner varchar(255),
  remark varchar(1000),
  attachment varchar(1000),
  photo varchar(1000),
  document varchar(1000),
  report_code varchar(100),
  hidden_code varchar(50),
  create_by varchar(32),
  create_time timestamptz NOT NULL DEFAULT now(),
  update_by varchar(32),
  update_time timestamptz
);
CREATE INDEX idx_demo_grid_row_tenant_order ON demo_grid_row (tenant_id, order_num);

-- Fee schedules that fit a school (issue #33 item 1, docs/decisions/111): a project's price by grade,
-- its sibling discount, and the kind of each bill line.

-- A project's price for one grade; a grade without a row pays the project's unit price.
CREATE TABLE bill_project_price (
  id          varchar(32) PRIMARY KEY,
  project_id  varchar(32) NOT NULL REFERENCES bill_project (id) ON DELETE CASCADE,
  grade       varchar(4) NOT NULL,                -- dict grade
  unit_price  numeric(12,2) NOT NULL CHECK (unit_price >= 0),
  sort_no     integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX uniq_bill_project_price_grade ON bill_project_price (project_id, grade);

-- The sibling discount of a project: the second and further children of the same paying parent
-- get a percent of the item or an amount off it (never both, never more than the item).
ALTER TABLE bill_project ADD COLUMN sibling_percent numeric(5,2) CHECK (sibling_percent >= 0 AND sibling_percent <= 100);
ALTER TABLE bill_project ADD COLUMN sibling_amount numeric(12,2) CHECK (sibling_amount >= 0);
ALTER TABLE bill_project ADD CONSTRAINT bill_project_sibling_one CHECK (sibling_percent IS NULL OR sibling_amount IS NULL);

-- What a bill line is: NULL a fee (a project's or typed by hand), 'sibling' a sibling discount,
-- 'reduction' a one-off 减免 (with its reason in the line's name). Discounts are negative lines.
ALTER TABLE bill_bill_item ADD COLUMN kind varchar(16);

-- 减免 on the bill page, for the roles that may void bills (the seed adds it to new databases).
INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0521-button-bill:reduce'), p.id, '减免', 2, 'bill:reduce', '1', 9, 0, 1, '1', 0, 'admin'
  FROM (SELECT id FROM sys_permission WHERE url = '/billing/bill' AND menu_type IN (0, 1) AND del_flag = 0
         ORDER BY create_time NULLS LAST, id LIMIT 1) p
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = 'bill:reduce' AND existing.menu_type = 2);

INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0521-grant-' || rp.role_id), rp.role_id, md5('0521-button-bill:reduce')
  FROM sys_role_permission rp
  JOIN sys_permission b ON b.id = rp.permission_id AND b.perms = 'bill:void' AND b.menu_type = 2
 WHERE EXISTS (SELECT 1 FROM sys_permission WHERE id = md5('0521-button-bill:reduce'))
ON CONFLICT (role_id, permission_id) DO NOTHING;

-- School years and classes (issue #29 item 1, docs/decisions/115): 学年 with its two terms, one
-- current per tenant; 班级 of a year with grade, homeroom teacher, capacity and room; a student's
-- class per school year (school_class_student), of which school_student.class_id is the current
-- year's. The free-text 班级 of existing students becomes classes of the current year.
CREATE TABLE school_year (
  id           varchar(32) PRIMARY KEY,
  tenant_id    integer NOT NULL DEFAULT 1,
  -- 2026-2027: what bills name as their school_year.
  name         varchar(9) NOT NULL,
  term1_start  date NOT NULL,
  term1_end    date NOT NULL,
  term2_start  date NOT NULL,
  term2_end    date NOT NULL,
  -- Y on the one current year of the tenant (dictionary yn).
  is_current   varchar(1) NOT NULL DEFAULT 'N',
  remark       varchar(200),
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz,
  CONSTRAINT school_year_terms CHECK (term1_start <= term1_end AND term1_end < term2_start AND term2_start <= term2_end)
);
CREATE UNIQUE INDEX uniq_school_year_name ON school_year (tenant_id, name);
CREATE UNIQUE INDEX uniq_school_year_current ON school_year (tenant_id) WHERE is_current = 'Y';

CREATE TABLE school_class (
  id           varchar(32) PRIMARY KEY,
  tenant_id    integer NOT NULL DEFAULT 1,
  year_id      varchar(32) NOT NULL REFERENCES school_year (id),
  grade        varchar(4) NOT NULL,
  name         varchar(50) NOT NULL,
  teacher_id   varchar(32) REFERENCES school_teacher (id) ON DELETE SET NULL,
  capacity     integer,
  room         varchar(50),
  remark       varchar(200),
  create_by    varchar(32),
  create_time  timestamptz NOT NULL DEFAULT now(),
  update_by    varchar(32),
  update_time  timestamptz
);
CREATE UNIQUE INDEX uniq_school_class_name ON school_class (tenant_id, year_id, name);
CREATE INDEX idx_school_class_list ON school_class (tenant_id, year_id, grade);

-- One class per student and school year: the current year's row follows school_student.class_id
-- (trigger below); the rows of past years are the history promotion leaves behind.
CREATE TABLE school_class_student (
  student_id  varchar(32) NOT NULL REFERENCES school_student (id) ON DELETE CASCADE,
  year_id     varchar(32) NOT NULL REFERENCES school_year (id) ON DELETE CASCADE,
  tenant_id   integer NOT NULL DEFAULT 1,
  class_id    varchar(32) NOT NULL REFERENCES school_class (id) ON DELETE CASCADE,
  PRIMARY KEY (student_id, year_id)
);
CREATE INDEX idx_school_class_student_class ON school_class_student (class_id);

ALTER TABLE school_student ADD COLUMN class_id varchar(32) REFERENCES school_class (id) ON DELETE SET NULL;
CREATE INDEX idx_school_student_class ON school_student (class_id);

-- Whatever writes school_student.class_id (the form, an import, a bulk change, promotion, SQL), the
-- student's row of that class's year follows it; leaving a class of the current year removes its
-- row, leaving a class of a past year keeps it (history).
-- Promotion and its undo write the rows of both years themselves, set-based: they set
-- school.class_sync to 'off' for their transaction.
CREATE FUNCTION school_student_class_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('school.class_sync', true) = 'off' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD.class_id IS NOT NULL THEN
      DELETE FROM school_class_student m USING school_year y
       WHERE m.student_id = NEW.id AND m.class_id = OLD.class_id AND y.id = m.year_id AND y.is_current = 'Y';
    END IF;
  END IF;
  IF NEW.class_id IS NOT NULL THEN
    INSERT INTO school_class_student (student_id, year_id, tenant_id, class_id)
    SELECT NEW.id, c.year_id, c.tenant_id, c.id FROM school_class c WHERE c.id = NEW.class_id
    ON CONFLICT (student_id, year_id) DO UPDATE SET class_id = EXCLUDED.class_id;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER school_student_class_insert AFTER INSERT ON school_student
  FOR EACH ROW WHEN (NEW.class_id IS NOT NULL) EXECUTE FUNCTION school_student_class_sync();
CREATE TRIGGER school_student_class_update AFTER UPDATE OF class_id ON school_student
  FOR EACH ROW WHEN (OLD.class_id IS DISTINCT FROM NEW.class_id) EXECUTE FUNCTION school_student_class_sync();

-- A promotion (升级) and what it changed, so that it can be undone until the new year's first bill.
CREATE TABLE school_promotion (
  id            varchar(32) PRIMARY KEY,
  tenant_id     integer NOT NULL DEFAULT 1,
  from_year_id  varchar(32) NOT NULL REFERENCES school_year (id),
  -- No reference: the undo deletes the year it created, the promotion stays on record.
  to_year_id    varchar(32) NOT NULL,
  to_year_name  varchar(9) NOT NULL,
  -- Whether the promotion created the new year (an undo then deletes it).
  created_year  boolean NOT NULL,
  students      integer NOT NULL,
  graduates     integer NOT NULL,
  create_by     varchar(32),
  create_time   timestamptz NOT NULL DEFAULT now(),
  undone_by     varchar(32),
  undone_time   timestamptz
);
CREATE INDEX idx_school_promotion_tenant ON school_promotion (tenant_id, create_time DESC);

CREATE TABLE school_promotion_student (
  promotion_id   varchar(32) NOT NULL REFERENCES school_promotion (id) ON DELETE CASCADE,
  student_id     varchar(32) NOT NULL REFERENCES school_student (id) ON DELETE CASCADE,
  from_class_id  varchar(32),
  from_grade     varchar(4),
  from_status    varchar(2),
  PRIMARY KEY (promotion_id, student_id)
);

-- Existing students: a current school year per tenant with students (from today's date: September
-- starts a year), and a class of that year per distinct free-text 班级 of its enrolled students
-- (在读 and 休学), graded by the grade most of them have.
INSERT INTO school_year (id, tenant_id, name, term1_start, term1_end, term2_start, term2_end, is_current, create_by)
SELECT md5('0540-year-' || t.tenant_id), t.tenant_id, y.first || '-' || (y.first + 1),
       make_date(y.first, 9, 1), make_date(y.first + 1, 1, 20), make_date(y.first + 1, 2, 20), make_date(y.first + 1, 7, 10), 'Y', 'admin'
  FROM (SELECT DISTINCT tenant_id FROM school_student) t
  CROSS JOIN (SELECT (extract(year FROM current_date)::int - CASE WHEN extract(month FROM current_date) < 8 THEN 1 ELSE 0 END) AS first) y;

INSERT INTO school_class (id, tenant_id, year_id, grade, name, create_by)
SELECT md5('0540-class-' || s.tenant_id || '-' || s.class_name), s.tenant_id, y.id,
       mode() WITHIN GROUP (ORDER BY s.grade), s.class_name, 'admin'
  FROM school_student s
  JOIN school_year y ON y.tenant_id = s.tenant_id AND y.is_current = 'Y'
 WHERE coalesce(trim(s.class_name), '') <> '' AND s.status IN ('1', '2') AND s.grade IS NOT NULL
 GROUP BY s.tenant_id, y.id, s.class_name;

UPDATE school_student s SET class_id = c.id
  FROM school_class c
 WHERE c.tenant_id = s.tenant_id AND c.name = s.class_name AND s.status IN ('1', '2');

ALTER TABLE school_student DROP COLUMN class_name;

-- The pages (the seed gives fresh databases the same rows): 学年 and 班级 under 学籍管理, with their
-- buttons, granted to the platform administrators' roles only (docs/decisions/008).
INSERT INTO sys_permission (id, parent_id, name, url, component, menu_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0540-menu-' || w.url), g.id, w.name, w.url, w.component, 1, w.sort_no, 1, 1, '1', 0, 'admin'
  FROM (VALUES ('学年', '/school/year', 'school/SchoolYearList', 11),
               ('班级管理', '/school/class', 'school/ClassList', 10)) AS w (name, url, component, sort_no)
  JOIN LATERAL (SELECT id FROM sys_permission WHERE url = '/school' AND menu_type IN (0, 1) AND del_flag = 0 ORDER BY create_time NULLS LAST, id LIMIT 1) g ON true
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.url = w.url AND existing.menu_type IN (0, 1));

INSERT INTO sys_permission (id, parent_id, name, menu_type, perms, perms_type, sort_no, is_route, is_leaf, status, del_flag, create_by)
SELECT md5('0540-button-' || w.perms), p.id, w.name, 2, w.perms, '1', w.sort_no, 0, 1, '1', 0, 'admin'
  FROM (VALUES ('/school/year', 'schoolYear:add', '添加', 1), ('/school/year', 'schoolYear:edit', '编辑', 2),
               ('/school/year', 'schoolYear:delete', '删除', 3), ('/school/year', 'schoolYear:batch_delete', '批量删除', 4),
               ('/school/year', 'schoolYear:export', '导出', 5), ('/school/year', 'schoolYear:import', '导入', 6),
               ('/school/year', 'schoolYear:promote', '升级', 7),
               ('/school/class', 'schoolClass:add', '添加', 1), ('/school/class', 'schoolClass:edit', '编辑', 2),
               ('/school/class', 'schoolClass:delete', '删除', 3), ('/school/class', 'schoolClass:batch_delete', '批量删除', 4),
               ('/school/class', 'schoolClass:export', '导出', 5), ('/school/class', 'schoolClass:import', '导入', 6)) AS w (page_url, perms, name, sort_no)
  JOIN LATERAL (SELECT id FROM sys_permission WHERE url = w.page_url AND menu_type IN (0, 1) AND del_flag = 0 ORDER BY create_time NULLS LAST, id LIMIT 1) p ON true
 WHERE NOT EXISTS (SELECT 1 FROM sys_permission existing WHERE existing.perms = w.perms AND existing.menu_type = 2);

INSERT INTO sys_role_permission (id, role_id, permission_id)
SELECT md5('0540-grant-' || r.id || '-' || p.id), r.id, p.id
  FROM sys_role r
  JOIN sys_permission p ON p.id IN (md5('0540-menu-/school/year'), md5('0540-menu-/school/class'))
                        OR (p.menu_type = 2 AND p.id = md5('0540-button-' || p.perms))
 WHERE r.platform_admin = 1
ON CONFLICT (role_id, permission_id) DO NOTHING;

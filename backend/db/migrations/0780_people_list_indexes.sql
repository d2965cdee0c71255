-- The people lists' pages and counts read indexes, not the table (issue #34, docs/decisions/157).
-- The engine orders a list by `create_time DESC NULLS LAST, id ASC` (query-generator.ts), which the
-- index of migration 0070 (`create_time DESC, id DESC`: NULLS FIRST, id descending) cannot give:
-- every page of 学生 and 家长, and each of an export's keyset pages, sorted the whole school's rows
-- read from the table, whose rows are wider since the personal data is stored encrypted
-- (ciphertext and search hash). With these indexes a page reads its rows in order, and a count
-- of the usual filter (年级 + 状态, the students' list) counts index entries only.
DROP INDEX IF EXISTS idx_school_student_list;
CREATE INDEX idx_school_student_list ON school_student (tenant_id, create_time DESC NULLS LAST, id);
CREATE INDEX idx_school_student_grade_status ON school_student (tenant_id, grade, status, create_time DESC NULLS LAST, id);
DROP INDEX IF EXISTS idx_school_parent_list;
CREATE INDEX idx_school_parent_list ON school_parent (tenant_id, create_time DESC NULLS LAST, id);
CREATE INDEX IF NOT EXISTS idx_school_teacher_list ON school_teacher (tenant_id, create_time DESC NULLS LAST, id);

-- Indexes of the list engine and the Excel export (issue 4; bench/lists.ts checks them with EXPLAIN).
--
-- The user list's default order is the engine's `create_time DESC NULLS LAST, id ASC` (the primary
-- key is the tie-breaker of every sort, NULLs last when descending as MySQL does). With this index
-- page 1 of a sorted, filtered list reads the first matching rows in order and stops at the LIMIT
-- instead of sorting the table, and every keyset page of the export starts where the previous one
-- ended (export.ts bounds its first sort key) instead of re-reading the rows before it.
CREATE INDEX idx_sys_user_create_time_id ON sys_user (create_time DESC NULLS LAST, id);

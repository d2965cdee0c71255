-- Rights that live in a tenant (issue #10, docs/decisions/007): a role grants its menus and
-- buttons only in its own tenant, except a platform administrator role, which is tenant-independent
-- and all-powerful. It is an explicit flag, never implied by a code or by holding every grant. The
-- flag cannot be written through the API; the seed sets it on the `admin` role, and this migration
-- on the `admin` role of databases seeded before it (whose holders had every right already).
ALTER TABLE sys_role ADD COLUMN platform_admin smallint NOT NULL DEFAULT 0;
UPDATE sys_role SET platform_admin = 1 WHERE role_code = 'admin' AND tenant_id = 1;

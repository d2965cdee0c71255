// 文件存储 (/sys/oss/file, the original's OSSFileController): the stored uploads of the tenant on the
// module engine (list, queryById, delete, deleteBatch), and recordUpload,
// which every upload calls. Deleting a record deletes its file from UPLOAD_DIR once committed.
import { rm } from "node:fs/promises";
import { ossFileModule } from "#contract/modules/oss-file";
import { ossFile } from "../../../db/schema";
import { newId } from "../../../db/ids";
import { inArray } from "drizzle-orm";
import { createModuleCrud } from "../../../crud/module";
import type { BackendServices } from "../../../services";
import type { AuthContext } from "../../../http/auth";
import { currentTenantId } from "../../../crud/tenant";
import { resolveStoredFile } from "../../../files/storage";

/** The stored paths of the records a delete removes, until it committed (keyed by the request). */
const removedPaths = new WeakMap<object, string[]>();

export const ossFileCrud = createModuleCrud(ossFileModule, {
  table: ossFile,
  entity: { tenantColumn: "tenant_id" },
  operations: ["list", "queryById", "delete", "deleteBatch"],
  excel: false,
  hooks: {
    beforeDelete: async (remove) => {
      // The ids are the engine's visible (tenant's) ones, already locked by it.
      const rows = await remove.tx.orm.select({ url: ossFile.url }).from(ossFile).where(inArray(ossFile.id, [...remove.ids]));
      if (remove.request) removedPaths.set(remove.request, rows.map((row) => row.url));
    },
    afterCommit: async (context, operation) => {
      if (operation !== "delete" && operation !== "deleteBatch") return;
      const paths = (context.request && removedPaths.get(context.request)) ?? [];
      for (const relative of paths) {
        const file = await resolveStoredFile(relative);
        if (file) await rm(file, { force: true }).catch((error: unknown) => context.services.logger.error("[files] deleting a stored file failed", error));
      }
    },
  },
});

/** Records a stored upload for 文件存储 (best effort: the upload already succeeded). */
export async function recordUpload(
  services: BackendServices,
  auth: AuthContext,
  file: { fileName: string; url: string; extension: string; size: number; biz: string },
): Promise<void> {
  try {
    await services.db.orm.insert(ossFile).values({
      id: newId(),
      tenantId: currentTenantId(auth),
      fileName: file.fileName.slice(0, 255),
      url: file.url,
      fileType: file.extension.slice(0, 20),
      fileSize: file.size,
      biz: file.biz.slice(0, 100),
      createBy: auth.user.username.slice(0, 32),
    });
  } catch (error) {
    services.logger.error("[files] recording an upload failed", error);
  }
}


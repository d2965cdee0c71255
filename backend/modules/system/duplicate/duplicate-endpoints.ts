// GET /sys/duplicate/check (api-contract.md §7) and the system tables forms may check (unique
// fields of module definitions register themselves, backend/crud/module.ts). Codes that are
// unique per tenant (roles, positions) count only the current tenant's rows; columns with a
// global unique index (user names, org codes, dictionary codes) count every row, deleted ones too,
// because the database would refuse those values anyway.
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ok } from "../../../http/envelope";
import { crudContext, databaseExecutor } from "../../../crud/context";
import { DuplicateMessages, isTaken, registerDuplicateCheck } from "../../../crud/duplicate-check";
import { failure } from "../../../http/envelope";
import { userEntity } from "../user/user-entity";
import { departEntity } from "../depart/depart-entity";
import { dictEntity, dictItemEntity } from "../dict/dict-admin-endpoints";
import { categoryEntity } from "../category/category-entity";

registerDuplicateCheck({ entity: userEntity, columns: ["username", "work_no", "email", "phone"] });
registerDuplicateCheck({ entity: departEntity, columns: ["org_code"] });
registerDuplicateCheck({ entity: dictEntity, columns: ["dict_code"] });
registerDuplicateCheck({ entity: dictItemEntity, columns: ["item_value"] });
registerDuplicateCheck({ entity: categoryEntity, columns: ["code"] });

export const duplicateEndpoints: Endpoint[] = [
  endpoint("GET", "/sys/duplicate/check", "user", async (request) => {
    const context = crudContext(request);
    const { tableName = "", fieldName = "", fieldVal = "", dataId } = request.query;
    if (fieldVal.trim() === "") return ok(null, DuplicateMessages.empty);
    const taken = await isTaken(databaseExecutor(context.services.db), { tableName, fieldName, value: fieldVal, dataId }, context.tenantId);
    return taken ? failure(DuplicateMessages.taken) : ok(DuplicateMessages.available, DuplicateMessages.available);
  }, { doc: { summary: "校验字段值在表中不重复" } }),
];

// 访问控制 (/sys/accessRule, issue #34 item 4, docs/decisions/134): allow and block lists of client
// addresses on the module engine. Installation-wide like 网关路由: only a platform administrator
// lists or changes them (租户ID 0 is the platform's scope, any other a tenant's). A change is
// checked inside its transaction against the address it is made from: one that would refuse that
// very request is refused and rolled back, so no administrator locks himself out. After every
// change this instance reloads its rules at once (others within a minute: security/address-rules.ts).
import { eq } from "drizzle-orm";
import { ResultCode } from "#contract/envelope";
import { ACCESS_CHECK_PATH, ACCESS_RULE_TYPES, AccessRuleMessages, accessRuleModule, PLATFORM_SCOPE } from "#contract/modules/access-rule";
import { sysAccessRule, sysTenant } from "../../../db/schema";
import type { Orm } from "../../../db/client";
import { endpoint, type Endpoint } from "../../../http/endpoint";
import { ApiError, ok } from "../../../http/envelope";
import { clientIp } from "../../../http/format";
import type { CrudContext, Executor } from "../../../crud/context";
import { createModuleCrud } from "../../../crud/module";
import { AddressRuleSet, enabledAddressRules, normalAddress, parseNetwork } from "../../../security/address-rules";
import { platformOnlyHooks, requirePlatformAdmin } from "../permission/permission-service";

/** Refuses the change when the rules it leaves would refuse the request that makes it. */
async function refuseSelfLockout(tx: Executor, context: CrudContext): Promise<void> {
  const req = context.request?.req;
  if (!req) return;
  const address = clientIp(req);
  const rules = new AddressRuleSet(await enabledAddressRules(tx));
  if (!rules.admits(address, context.tenantId)) throw new ApiError(AccessRuleMessages.selfLockout(normalAddress(address)?.address ?? address ?? "未知"));
}

export const accessRuleCrud = createModuleCrud(accessRuleModule, {
  table: sysAccessRule,
  tenant: null,
  entity: { defaultSort: { property: "createTime", order: "desc" } },
  hooks: {
    ...platformOnlyHooks(AccessRuleMessages.platformOnly),
    beforeSave: async (save) => {
      const ruleType = save.values.ruleType ?? save.existing?.ruleType;
      if (ruleType !== undefined && ruleType !== ACCESS_RULE_TYPES.allow && ruleType !== ACCESS_RULE_TYPES.block) throw new ApiError(AccessRuleMessages.badType);
      if (typeof save.values.address === "string") {
        const parsed = parseNetwork(save.values.address);
        if (!parsed) throw new ApiError(AccessRuleMessages.badAddress);
        save.values.address = save.values.address.trim();
      }
      const tenantId = save.values.tenantId;
      if (tenantId !== undefined && tenantId !== null && Number(tenantId) !== PLATFORM_SCOPE) {
        const [tenant] = await save.tx.orm.select({ id: sysTenant.id }).from(sysTenant).where(eq(sysTenant.id, Number(tenantId)));
        if (!tenant) throw new ApiError(AccessRuleMessages.badTenant);
      }
    },
    afterSave: async (save) => refuseSelfLockout(save.tx, save),
    beforeDelete: async (remove) => {
      await requirePlatformAdmin(remove.tx.orm, remove.auth.user.id, AccessRuleMessages.platformOnly);
    },
    afterDelete: async (remove) => refuseSelfLockout(remove.tx, remove),
    afterCommit: async (context) => {
      await context.services.addressRules.reload();
    },
  },
});

export const accessRuleEndpoints: Endpoint[] = [
  ...accessRuleCrud.endpoints,
  // Nothing but the pipeline's address check of every signed-in call (http/address-check.ts): the
  // web app's notice stream asks it for its page before each delivery and every minute.
  endpoint("GET", ACCESS_CHECK_PATH, "user", async () => ok(true), { doc: { summary: "当前地址是否允许访问" } }),
];

// Positions (/sys/position, api-contract.md §5 sys_position): plain engine CRUD per tenant. The
// list is also the position picker of the user dialog, so it needs a signed-in user only.
import { sysPosition } from "../../db/schema";
import type { Endpoint } from "../../http/endpoint";
import { createCrud } from "../../crud/engine";
import { positionEntity } from "./position-entity";

export const positionCrud = createCrud({
  basePath: "/sys/position",
  entity: positionEntity,
  table: sysPosition,
  pagePath: "/isystem/position",
  permissionPrefix: "position",
  access: { list: "user" },
  body: {
    fields: {
      code: { label: "职务编码", required: "请输入职务编码!", pattern: /^[A-Za-z0-9_-]+$/, patternMessage: "职务编码只允许字母、数字、下划线和横线" },
      name: { label: "职务名称", required: "请输入职务名称!" },
      postRank: { label: "职级" },
    },
  },
  // Codes are unique within a tenant (migration 0002).
  excel: {
    title: "职务信息",
    columns: [
      { property: "code", title: "职务编码", required: true },
      { property: "name", title: "职务名称", required: true },
      { property: "postRank", title: "职级" },
    ],
    unique: ["code"],
  },
  hooks: {
    beforeSave: (save) => {
      // The company a position belongs to: the creator's current department, as the original.
      if (save.operation === "add") save.values.sysOrgCode ??= save.auth.user.orgCode;
    },
  },
});

export const positionEndpoints: Endpoint[] = positionCrud.endpoints;

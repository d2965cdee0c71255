// 职务管理: the page of the position module (contract/modules/position.ts); only widths are its own.
import { positionModule } from "#contract/modules/position";
import { modulePage } from "~/components/widgets/list/module-page";

export const positionPage = modulePage(positionModule, {
  columns: { code: { width: 160 }, name: { width: 180 }, postRank: { width: 120 }, createTime: { width: 170 } },
});

/** The advanced query's fields (高级查询). */
export const positionSuperQuery = positionPage.superQuery;

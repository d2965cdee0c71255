// 补贴 (/billing/allowance): an employer's education allowance on one project of one term, for
// all of its students or one of them; an amount or a percent, never both (also a CHECK in the
// table). Applied by the term's bill generation (bill/bill-plan.ts allowanceForItem).
import { allowanceModule } from "#contract/modules/billing";
import { billAllowance } from "../../../db/schema";
import { createModuleCrud } from "../../../crud/module";
import type { Endpoint } from "../../../http/endpoint";
import { ApiError } from "../../../http/envelope";
import "../student-dictionary";
import { exactMoney, MAX_AMOUNT_FEN } from "../money-fields";

export const AllowanceMessages = {
  amountOrPercent: "补贴金额和补贴比例请填写其中一项",
} as const;

export const allowanceCrud = createModuleCrud(allowanceModule, {
  table: billAllowance,
  entity: { tenantColumn: "tenant_id" },
  hooks: {
    prepare: (prepared) => {
      const amount = exactMoney(prepared, "amount", "补贴金额", { max: MAX_AMOUNT_FEN });
      const percent = exactMoney(prepared, "percent", "补贴比例", { max: 10_000n });
      // On edit, the form sends both fields: the one left empty is cleared.
      if ((amount === undefined) === (percent === undefined)) throw new ApiError(AllowanceMessages.amountOrPercent);
      if (amount === undefined) prepared.values.amount = null;
      if (percent === undefined) prepared.values.percent = null;
    },
  },
});

export const allowanceEndpoints: Endpoint[] = allowanceCrud.endpoints;

// 收费管理 (docs/spec/school-domain.md "Fees and money"): the module definitions of projects,
// allowances, bills and receivable bills. Money fields are `decimal` (numeric in the database,
// exact text in code: contract/money.ts); what the server computes is read-only.
import { fenToYuan, isAmount, toFen } from "../money";
import { defineModule } from "./module";

/** Answers both the bill page and the backend give. */
export const BillingMessages = {
  noItems: "请至少添加一条账单明细",
  badTerm: "请选择学期",
} as const;

/** A school year: two consecutive years, e.g. 2026-2027. */
export const SCHOOL_YEAR_PATTERN = { regex: /^\d{4}-\d{4}$/, message: "学年格式不正确，例如 2026-2027" };
/** An amount with at most two decimals, not negative. */
export const AMOUNT_PATTERN = { regex: /^\d{1,10}(\.\d{1,2})?$/, message: "请输入金额，最多两位小数" };

const created = { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false, form: false } } as const;

export const projectModule = defineModule({
  title: "收费项目",
  table: "bill_project",
  api: "/billing/project",
  page: "/billing/project",
  permissionPrefix: "project",
  fields: {
    code: { label: "项目编码", required: "请输入项目编码!", pattern: "code", maxLength: 32, unique: true, fixed: true, show: { search: true } },
    name: { label: "项目名称", required: "请输入项目名称!", maxLength: 100, show: { search: true } },
    type: { label: "项目类型", dict: "project_type", required: "请选择项目类型!", show: { search: true } },
    unitPrice: { label: "单价", type: "decimal", money: true, required: "请输入单价!", pattern: AMOUNT_PATTERN },
    period: { label: "收费周期", dict: "project_period", required: "请选择收费周期!" },
    active: { label: "状态", type: "int", dict: "valid_status", required: "请选择状态!" },
    sortNo: { label: "排序", type: "int", show: { list: false } },
    // The second and further children of the same paying parent (docs/decisions/111): one of the two.
    siblingPercent: { label: "兄弟姐妹优惠比例(%)", type: "decimal", pattern: { regex: /^\d{1,3}(\.\d{1,2})?$/, message: "请输入0到100的比例，最多两位小数" }, show: { list: false } },
    siblingAmount: { label: "兄弟姐妹优惠金额", type: "decimal", money: true, pattern: AMOUNT_PATTERN, show: { list: false } },
    // The instalment plan applied at generation (docs/decisions/159): N instalments on these dates, or one a month.
    instalmentCount: { label: "分期期数", type: "int", pattern: { regex: /^([1-9]|1[0-2])$/, message: "分期期数为1到12" }, show: { list: false } },
    instalmentDates: { label: "分期到期日", maxLength: 200, show: { list: false } },
    // The late fee: a daily or one-off amount or percent of the project's part of the bill, after N days overdue, capped.
    lateFeeMode: { label: "滞纳金方式", dict: "late_fee_mode", show: { list: false } },
    lateFeeValue: { label: "滞纳金金额或比例(%)", type: "decimal", pattern: AMOUNT_PATTERN, show: { list: false } },
    lateFeeDays: { label: "逾期几天后计收", type: "int", pattern: { regex: /^\d{1,3}$/, message: "请输入0到999的天数" }, show: { list: false } },
    lateFeeCap: { label: "滞纳金上限", type: "decimal", money: true, pattern: AMOUNT_PATTERN, show: { list: false } },
    remark: { label: "备注", maxLength: 255, show: { list: false } },
    createTime: created,
  },
});

/** One grade's price of a project as it travels: the grade's dict value and decimal yuan text. */
export interface ProjectPriceInput {
  grade: string;
  unitPrice: string;
}

export const ProjectMessages = {
  siblingOne: "兄弟姐妹优惠只能填写比例或金额其中一项",
  tooManyPrices: "年级价格不能超过50条",
  priceGrade: (row: number) => `第${row}条年级价格请选择年级`,
  priceAmount: (row: number) => `第${row}条年级价格的单价格式不正确`,
  priceTwice: (grade: string) => `年级价格中年级 ${grade} 重复`,
  instalmentDates: (count: number) => `分期到期日须为${count}个日期（yyyy-MM-dd，逗号分隔），或不填（每月一期）`,
  lateFeeValue: "请填写滞纳金金额或比例",
  lateFeePercent: "滞纳金比例不能超过100",
} as const;

/** The first problem of a project's grade prices (the backend's and the form's words), or null. */
export function projectPricesProblem(prices: readonly ProjectPriceInput[]): string | null {
  if (prices.length > 50) return ProjectMessages.tooManyPrices;
  const seen = new Set<string>();
  for (const [index, price] of prices.entries()) {
    if (!price.grade?.trim()) return ProjectMessages.priceGrade(index + 1);
    if (!AMOUNT_PATTERN.regex.test(price.unitPrice ?? "")) return ProjectMessages.priceAmount(index + 1);
    if (seen.has(price.grade)) return ProjectMessages.priceTwice(price.grade);
    seen.add(price.grade);
  }
  return null;
}

export const allowanceModule = defineModule({
  title: "补贴",
  table: "bill_allowance",
  api: "/billing/allowance",
  page: "/billing/allowance",
  permissionPrefix: "allowance",
  fields: {
    corpId: { label: "企业", dict: "school_corporation,name,id", required: "请选择企业!", show: { search: true } },
    studentId: { label: "学生", dict: "school_student,name_cn,id" },
    schoolYear: { label: "学年", required: "请输入学年!", pattern: SCHOOL_YEAR_PATTERN, show: { search: true } },
    term: { label: "学期", dict: "school_term", required: "请选择学期!", show: { search: true } },
    projectId: { label: "收费项目", dict: "bill_project,name,id", required: "请选择收费项目!" },
    amount: { label: "补贴金额", type: "decimal", money: true, pattern: AMOUNT_PATTERN },
    percent: { label: "补贴比例(%)", type: "decimal", pattern: { regex: /^\d{1,3}(\.\d{1,2})?$/, message: "请输入0到100的比例，最多两位小数" } },
    status: { label: "状态", dict: "valid_status", required: "请选择状态!" },
    remark: { label: "备注", maxLength: 255, show: { list: false } },
    createTime: created,
  },
});

export const billModule = defineModule({
  title: "账单",
  table: "bill_bill",
  api: "/billing/bill",
  page: "/billing/bill",
  permissionPrefix: "bill",
  fields: {
    billNo: { label: "账单编号", readOnly: true, show: { search: true } },
    studentId: { label: "学生", dict: "school_student,name_cn,id", required: "请选择学生!" },
    schoolYear: { label: "学年", required: "请输入学年!", pattern: SCHOOL_YEAR_PATTERN, show: { search: true } },
    term: { label: "学期", dict: "school_term", required: "请选择学期!", show: { search: true } },
    total: { label: "总金额", type: "decimal", money: true, readOnly: true },
    allowanceTotal: { label: "补贴", type: "decimal", money: true, readOnly: true },
    payable: { label: "应付金额", type: "decimal", money: true, readOnly: true },
    paidAmount: { label: "已付金额", type: "decimal", money: true, readOnly: true },
    dueDate: { label: "到期日", type: "date" },
    // The payer follows the student (the employer, else the paying parent) unless a body names one.
    payerType: { label: "付款方类型", dict: "payer_type", show: { form: false, detail: true } },
    payerId: { label: "付款方", show: { list: false, query: false, form: false, detail: true }, shownBy: "payerName" },
    receivableId: { label: "应收账单", readOnly: true, show: { list: false, excel: false, query: false }, shownBy: "receivableNo" },
    status: { label: "状态", dict: "bill_status", readOnly: true, show: { search: true } },
    // 学期 (the term's bill) or 活动 (a confirmed sign-up's fee, its own bill: docs/decisions/138).
    kind: { label: "类型", dict: "bill_kind", readOnly: true, show: { search: true } },
    remark: { label: "备注", maxLength: 255, show: { list: false } },
    createTime: created,
  },
});

/** dict bill_kind: the term's bill, or an activity sign-up's own bill. */
export const BillKind = { term: "1", activity: "2" } as const;

export const receivableModule = defineModule({
  title: "应收账单",
  table: "bill_receivable",
  api: "/billing/receivable",
  page: "/billing/receivableBill",
  permissionPrefix: "receivableBill",
  fields: {
    receivableNo: { label: "应收编号", readOnly: true, show: { search: true } },
    payerType: { label: "付款方类型", dict: "payer_type", readOnly: true, show: { search: true } },
    payerId: { label: "付款方", readOnly: true, show: { list: false, excel: false, query: false, detail: false } },
    payerName: { label: "付款方", readOnly: true, show: { search: true } },
    period: { label: "期间", readOnly: true, show: { search: true } },
    totalAmount: { label: "应收金额", type: "decimal", money: true, readOnly: true },
    receivedAmount: { label: "已收金额", type: "decimal", money: true, readOnly: true },
    // 应收 − 已收, kept by the database (a generated column, migration 0520).
    balance: { label: "余额", type: "decimal", money: true, readOnly: true },
    status: { label: "状态", dict: "receivable_status", readOnly: true },
    emailedAt: { label: "邮件发送时间", type: "datetime", readOnly: true },
    remark: { label: "备注", maxLength: 255, show: { list: false } },
    createTime: created,
  },
});

// ---- bill generation's plan: what the preview answers and the dialog shows ----------------------

export interface PlanItem {
  projectId: string;
  name: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  allowance: string;
  /** A discount line (negative amount): "sibling" (兄弟姐妹优惠) or "reduction" (减免); "lateFee" 滞纳金. */
  kind?: BillLineKind;
}

/** bill_bill_item.kind: what a line that is not a plain fee is (a late fee is positive). */
export type BillLineKind = "sibling" | "reduction" | "lateFee";

export interface PlannedBill {
  studentId: string;
  studentNo: string;
  studentName: string;
  payerType: string;
  payerId: string | null;
  payerName: string | null;
  items: PlanItem[];
  total: string;
  allowanceTotal: string;
  payable: string;
  /** The instalments (分期) of the projects' plans, when any has one: due dates and amounts summing to payable. */
  instalments?: Array<{ dueDate: string; amount: string }>;
  /** The student's live bill of the term holding no project item yet (only sign-up fees): the items go on it. */
  intoBillNo?: string;
  /** The student has no payer of his own: the payer was chosen in the generation dialog. */
  payerChosen?: true;
}

export interface SkippedStudent {
  studentId: string;
  studentNo: string;
  studentName: string;
  billNo: string;
}

/** A student the generation cannot bill: no paying parent and no employer (「无付款人」). */
export interface NoPayerStudent {
  studentId: string;
  studentNo: string;
  studentName: string;
  /** The preview's only: the student's parents (none marked 付款人), the dialog's choices of a payer. */
  parents?: Array<{ id: string; name: string }>;
}

export interface BillPlan {
  schoolYear: string;
  term: string;
  bills: PlannedBill[];
  /** Students whose live bill of the term already holds project items: never billed twice. */
  skipped: SkippedStudent[];
  /** Students without a payer, left out unless the request chooses one for them (docs/decisions/071). */
  noPayer: NoPayerStudent[];
  /** Sum of the planned bills' payable. */
  payableTotal: string;
}

/** dict payment_status. */
export const PaymentStatus = { unallocated: "1", partial: "2", allocated: "3", reversed: "4" } as const;
/** dict payment_kind: money received, or a refund (a negative amount). */
export const PaymentKind = { receipt: "1", refund: "2" } as const;

/** 退费 (docs/decisions/138): the refund of a cancelled paid sign-up, through its activity bill. */
export const RefundMessages = {
  notActivityBill: "只有活动账单可以退费",
  nothingPaid: "该账单没有已付金额，无需退费",
  voided: "该账单已作废",
  /** 取消报名 of a paid sign-up by someone without 退费: the place is freed, the paid part awaits 财务 (docs/decisions/148). */
  refundDue: (amount: string, billNo: string) => `已缴 ${amount} 待财务退费（账单 ${billNo}）`,
  refundReason: "报名取消退费",
  voidReason: "报名取消",
  activityCancelled: "活动取消",
  refunded: (amount: string, paymentNo: string, receiptNo: string) => `已退费 ${amount}（退费单 ${paymentNo}，收据 ${receiptNo}）`,
  refundNotChanged: "退费记录不能修改或分配",
  billRefunded: (billNo: string, refundNo: string) =>
    `账单 ${billNo} 已退费（退费单 ${refundNo}），其付款不能冲销或改变分配；如该笔退费未实际支付，请先冲销退费单 ${refundNo}`,
} as const;

export const paymentModule = defineModule({
  title: "付款",
  table: "bill_payment",
  api: "/billing/payment",
  page: "/billing/payment",
  permissionPrefix: "payment",
  // Never deleted (its number would leave a gap, docs/decisions/156): reversed (冲销) or, recorded by
  // mistake and never allocated nor receipted, voided (作废) with a reason.
  operations: ["list", "add", "edit", "queryById"],
  fields: {
    paymentNo: { label: "付款单号", readOnly: true, show: { search: true } },
    payerType: { label: "付款方类型", dict: "payer_type", required: "请选择付款方类型!", fixed: true, show: { search: true } },
    // Chosen by name in the form; 详情 shows payerName.
    payerId: { label: "付款方", required: "请选择付款方!", fixed: true, show: { list: false, query: false, excel: false, detail: false } },
    payerName: { label: "付款方", readOnly: true, show: { search: true } },
    channel: { label: "付款方式", dict: "payment_channel", required: "请选择付款方式!", show: { search: true } },
    amount: { label: "付款金额", type: "decimal", money: true, required: "请输入付款金额!", pattern: AMOUNT_PATTERN },
    allocatedAmount: { label: "已分配", type: "decimal", money: true, readOnly: true },
    paidAt: { label: "付款时间", type: "datetime", required: "请选择付款时间!" },
    tradeNo: { label: "商户订单号", maxLength: 64, show: { search: true } },
    status: { label: "状态", dict: "payment_status", readOnly: true, show: { search: true } },
    // 收款, or 退费: money paid back, a negative amount (docs/decisions/138).
    kind: { label: "类型", dict: "payment_kind", readOnly: true, show: { search: true } },
    remark: { label: "备注", maxLength: 255, show: { list: false } },
    voidReason: { label: "作废原因", readOnly: true, show: { list: false } },
    voidedAt: { label: "作废时间", type: "datetime", readOnly: true, show: { list: false } },
    // A shop order's payment or refund (docs/decisions/161): the order's 退款 is its way back, so the
    // page offers it no 冲销, 作废 or edit; 详情 names the order by its number.
    orderId: { label: "订单", readOnly: true, show: { list: false, form: false, excel: false, query: false }, shownBy: "orderNo" },
    createTime: created,
  },
});

export const receiptModule = defineModule({
  title: "收据",
  table: "bill_receipt",
  api: "/billing/receipt",
  page: "/billing/receipt",
  permissionPrefix: "receipt",
  // Issued from a payment (付款 → 开收据), never typed in and never deleted: a wrong one is voided
  // (作废) with a reason and the payment's next receipt is marked 重开 (docs/decisions/106).
  operations: ["list", "edit", "queryById"],
  fields: {
    receiptNo: { label: "收据编号", readOnly: true, show: { search: true } },
    status: { label: "状态", dict: "receipt_status", readOnly: true, show: { search: true } },
    paymentNo: { label: "付款单号", readOnly: true, show: { query: false, excel: false } },
    payerName: { label: "交款人", readOnly: true, show: { search: true } },
    amount: { label: "金额", type: "decimal", money: true, readOnly: true },
    amountInWords: { label: "大写金额", readOnly: true },
    issuedAt: { label: "开具时间", type: "datetime", readOnly: true },
    issuer: { label: "开具人", readOnly: true },
    printCount: { label: "打印次数", type: "int", readOnly: true },
    reissueOfNo: { label: "重开自", readOnly: true },
    voidReason: { label: "作废原因", readOnly: true, show: { list: false } },
    voidedAt: { label: "作废时间", type: "datetime", readOnly: true, show: { list: false } },
    remark: { label: "备注", maxLength: 255, show: { list: false } },
  },
});

/** dict receipt_status. */
export const ReceiptStatus = { valid: "1", void: "2" } as const;

/** Reasons asked for: 冲销 of a payment, 作废 of a bill or a receipt (issue #32 item 4). */
export const ReasonMessages = {
  reverse: "请输入冲销原因",
  void: "请输入作废原因",
} as const;

/**
 * A payment or a refund records money that has moved: its 付款时间 is never later than now on the
 * school's clock (docs/decisions/178). The form's date picker offers no later day.
 */
export const PaidAtMessages = {
  future: "付款时间不能晚于当前时间",
} as const;

/**
 * dict voucher_status: a draft is voided (作废) with a reason, never deleted (docs/decisions/156); a
 * posted one is reversed (冲销) by a red voucher and becomes 已冲销 (docs/decisions/165).
 */
export const VoucherStatus = { draft: "1", posted: "2", void: "3", reversed: "4" } as const;

export const voucherModule = defineModule({
  title: "凭证",
  table: "bill_voucher",
  api: "/billing/voucher",
  page: "/billing/voucher",
  permissionPrefix: "voucher",
  // Never deleted: a draft is voided (作废) with a reason (docs/decisions/156), a posted one reversed
  // (红字冲销) by a red voucher (docs/decisions/165).
  operations: ["list", "add", "edit", "queryById"],
  fields: {
    voucherNo: { label: "凭证号", readOnly: true, show: { search: true } },
    voucherDate: { label: "凭证日期", type: "date", required: "请选择凭证日期!" },
    summary: { label: "摘要", required: "请输入摘要!", maxLength: 255, show: { search: true } },
    debitTotal: { label: "借方合计", type: "decimal", money: true, readOnly: true },
    creditTotal: { label: "贷方合计", type: "decimal", money: true, readOnly: true },
    attachments: { label: "附件", maxLength: 1000, show: { list: false, excel: false, query: false } },
    status: { label: "状态", dict: "voucher_status", readOnly: true, show: { search: true } },
    postedAt: { label: "过账时间", type: "datetime", readOnly: true, show: { list: false } },
    remark: { label: "备注", maxLength: 255, show: { list: false } },
    voidReason: { label: "作废原因", readOnly: true, show: { list: false } },
    voidedAt: { label: "作废时间", type: "datetime", readOnly: true, show: { list: false } },
    reversalOfNo: { label: "冲销原凭证", readOnly: true, show: { list: false, query: false } },
    reversalNo: { label: "红字冲销凭证", readOnly: true, show: { list: false, query: false } },
    reverseReason: { label: "冲销原因", readOnly: true, show: { list: false } },
    reversedAt: { label: "冲销时间", type: "datetime", readOnly: true, show: { list: false } },
    createTime: created,
  },
});

/** One line of a voucher (凭证分录) as it travels: amounts as decimal yuan text, "" for none. */
export interface VoucherEntryInput {
  account: string;
  debit: string;
  credit: string;
  remark?: string;
}

export const VoucherMessages = {
  noEntries: "请至少添加两条分录",
  account: (row: number) => `第${row}条分录请输入科目`,
  badAmount: (row: number) => `第${row}条分录的借方或贷方金额格式不正确`,
  oneSide: (row: number) => `第${row}条分录只能填写借方或贷方其中一项`,
  unbalanced: (debit: string, credit: string) => `借贷不平衡：借方合计 ${debit}，贷方合计 ${credit}`,
  posted: "已过账的凭证不能修改",
  postedAlready: "该凭证已过账",
  voided: "已作废的凭证不能修改或过账",
  voidedAlready: "该凭证已作废",
  voidPosted: "已过账的凭证不能作废，请使用冲销",
  reversed: "已冲销的凭证不能修改、作废或再次冲销",
  reverseDraft: "只有已过账的凭证可以冲销",
  reverseReversal: "红字冲销凭证不能再冲销",
} as const;

/** The red voucher's summary: 「冲销 <原凭证号>：<reason>」, within the column's 255 characters. */
export function reversalSummary(voucherNo: string, reason: string): string {
  return `冲销 ${voucherNo}：${reason}`.slice(0, 255);
}

/** Debit and credit sums of a voucher's lines in fen; lines that are not amounts count as 0. */
export function voucherSums(entries: readonly Pick<VoucherEntryInput, "debit" | "credit">[]): { debit: bigint; credit: bigint } {
  let debit = 0n;
  let credit = 0n;
  for (const entry of entries) {
    if (isAmount(entry.debit || "0")) debit += toFen(entry.debit || "0");
    if (isAmount(entry.credit || "0")) credit += toFen(entry.credit || "0");
  }
  return { debit, credit };
}

/** The first problem of a voucher's lines (the backend's and the form's words), or null. */
export function voucherProblem(entries: readonly VoucherEntryInput[]): string | null {
  if (entries.length < 2) return VoucherMessages.noEntries;
  for (const [index, entry] of entries.entries()) {
    if (!entry.account?.trim()) return VoucherMessages.account(index + 1);
    const debit = entry.debit || "0";
    const credit = entry.credit || "0";
    if (!AMOUNT_PATTERN.regex.test(debit) || !AMOUNT_PATTERN.regex.test(credit)) return VoucherMessages.badAmount(index + 1);
    if ((toFen(debit) > 0n) === (toFen(credit) > 0n)) return VoucherMessages.oneSide(index + 1);
  }
  const sums = voucherSums(entries);
  if (sums.debit !== sums.credit) return VoucherMessages.unbalanced(fenToYuan(sums.debit), fenToYuan(sums.credit));
  return null;
}

export const wechatTradeModule = defineModule({
  title: "微信交易",
  table: "bill_wechat_trade",
  api: "/billing/wechatTrade",
  page: "/billing/wechatTrade",
  permissionPrefix: "wechatTrade",
  // Trades come from the statement only (导入), never typed in.
  operations: ["list", "delete", "deleteBatch", "queryById"],
  fields: {
    tradeTime: { label: "交易时间", type: "datetime", readOnly: true },
    transactionId: { label: "微信订单号", readOnly: true, show: { search: true } },
    outTradeNo: { label: "商户订单号", readOnly: true, show: { search: true } },
    openId: { label: "用户标识", readOnly: true, show: { list: false } },
    amount: { label: "订单金额", type: "decimal", money: true, readOnly: true },
    refundAmount: { label: "退款金额", type: "decimal", money: true, readOnly: true, show: { list: false } },
    tradeState: { label: "交易状态", dict: "trade_state", readOnly: true, show: { search: true } },
    goodsName: { label: "商品名称", readOnly: true },
    attach: { label: "商户数据包", readOnly: true, show: { list: false } },
    reconciled: { label: "已对账", type: "int", readOnly: true },
    createTime: created,
  },
});

/** What GET /billing/wechatTrade/reconcile answers: counts, and the first rows of each list. */
export interface ReconcileRow {
  tradeId: string | null;
  paymentId: string | null;
  transactionId: string | null;
  outTradeNo: string | null;
  paymentNo: string | null;
  payerName: string | null;
  tradeAmount: string | null;
  paymentAmount: string | null;
  time: string | null;
}

export interface ReconcileAnswer {
  matched: number;
  differing: ReconcileRow[];
  missingPayments: ReconcileRow[];
  missingTrades: ReconcileRow[];
  /** Trades whose openId names no parent: their payments cannot be created. */
  unknownPayers: number;
}

// ---- 账龄分析 (/billing/ageing): the open amounts of live bills by days overdue -------------------

/** The page of the ageing report. */
export const AGEING_PAGE = "/billing/ageing";

/**
 * The columns of the ageing report: a bill's open amount (payable − paid) falls in one by its days
 * overdue on the report's date (asOf − due date); a bill not yet due, or without a due date, is 未到期.
 * `key` is also the `overdue` filter of the bill list the figures link to.
 */
export const AGEING_BUCKETS = [
  { key: "notDue", label: "未到期", from: null, to: null },
  { key: "0-30", label: "0-30天", from: 0, to: 30 },
  { key: "31-60", label: "31-60天", from: 31, to: 60 },
  { key: "61-90", label: "61-90天", from: 61, to: 90 },
  { key: "90+", label: "90天以上", from: 91, to: null },
] as const;

export type AgeingBucketKey = (typeof AGEING_BUCKETS)[number]["key"];

/** One payer's open amounts by bucket (decimal text), and their sum. */
export interface AgeingRow {
  payerType: string | null;
  payerId: string | null;
  payerName: string | null;
  amounts: Record<AgeingBucketKey, string>;
  /** Live open bills of the payer in each bucket. */
  counts: Record<AgeingBucketKey, number>;
  total: string;
}

/** What GET /billing/ageing answers: one page of payers (largest open amount first) and the totals. */
export interface AgeingAnswer {
  asOf: string;
  rows: AgeingRow[];
  /** Payers with an open amount. */
  payers: number;
  totals: Omit<AgeingRow, "payerType" | "payerId" | "payerName">;
}

/** The bill list's address showing the bills behind one ageing figure. */
export function ageingBillsHref(asOf: string, bucket: AgeingBucketKey | null, payer?: { payerType: string | null; payerId: string | null }): string {
  const params = new URLSearchParams({ asOf, overdue: bucket ?? "open" });
  if (payer?.payerType) params.set("payerType", payer.payerType);
  if (payer?.payerId) params.set("payerId", payer.payerId);
  return `/billing/bill?${params.toString()}`;
}

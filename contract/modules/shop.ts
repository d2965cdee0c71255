// 商城管理 (docs/spec/school-domain.md "Activities and the shop"): commodities, the parents' shopping
// carts and orders. Stock and order totals are the backend's (never taken from a form); prices
// are `decimal` (numeric in the database, integer fen in code: contract/money.ts).
import { defineModule } from "./module";
import { AMOUNT_PATTERN } from "./billing";

const created = { label: "创建时间", type: "datetime", readOnly: true, show: { excel: false, form: false } } as const;
const COUNT_PATTERN = { regex: /^\d{1,7}$/, message: "请输入0到9999999的整数" };
const QUANTITY_PATTERN = { regex: /^[1-9]\d{0,3}$/, message: "数量请输入1到9999的整数" };

/** dict commodity_status. */
export const CommodityStatus = { onSale: "1", offSale: "0" } as const;
/** dict order_status. */
export const OrderStatus = { unpaid: "1", paid: "2", shipped: "3", completed: "4", refunded: "5", cancelled: "6" } as const;

/**
 * The actions that move an order, each from the statuses it may start from. 付款 asks its channel
 * and time and records a payment of 付款; 取消 and 退款 ask a reason and give the stock back, 退款
 * records a negative payment (docs/decisions/161).
 */
export const ORDER_TRANSITIONS = {
  pay: { label: "付款", from: [OrderStatus.unpaid], to: OrderStatus.paid, reason: false },
  ship: { label: "发货", from: [OrderStatus.paid], to: OrderStatus.shipped, reason: false },
  complete: { label: "完成", from: [OrderStatus.shipped], to: OrderStatus.completed, reason: false },
  cancel: { label: "取消", from: [OrderStatus.unpaid], to: OrderStatus.cancelled, reason: true },
  refund: { label: "退款", from: [OrderStatus.paid, OrderStatus.shipped, OrderStatus.completed], to: OrderStatus.refunded, reason: true },
} as const;
export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

export const ShopMessages = {
  outOfStock: (name: string) => `商品「${name}」库存不足`,
  offSale: (name: string) => `商品「${name}」已下架`,
  unknownCommodity: "商品不存在",
  noLines: "请至少添加一条订单明细",
  tooManyLines: "订单明细不能超过100条",
  badLine: (row: number) => `第${row}条明细：请选择商品并填写1到9999的数量`,
  repeatedCommodity: "同一商品（规格）请合并为一条明细",
  variantRequired: (name: string) => `商品「${name}」请选择规格`,
  noVariants: (name: string) => `商品「${name}」没有规格`,
  unknownVariant: "规格不存在",
  variantOutOfStock: (name: string, variant: string) => `商品「${name}」规格「${variant}」库存不足`,
  tooManyVariants: "规格不能超过50个",
  variantName: (row: number) => `第${row}个规格：请输入50字以内的名称`,
  variantPrice: (row: number) => `第${row}个规格：价格请留空或输入金额，最多两位小数`,
  variantStock: (row: number) => `第${row}个规格：库存请输入0到9999999的整数`,
  variantTwice: (name: string) => `规格「${name}」重复`,
  variantInUse: (name: string) => `规格「${name}」已有订单或购物车，不能删除（可将库存设为0）`,
  badTransition: (label: string) => `当前订单状态不能${label}`,
  locked: "只有待付款的订单可以修改",
  reason: (label: string) => `请输入${label}原因`,
  payChannel: "请选择支付方式",
  paidAt: "付款时间格式不正确，应为yyyy-MM-dd HH:mm:ss",
  /** An order's payment is refunded with its order, never voided, reversed, edited or allocated in 付款. */
  orderPayment: (orderNo: string) => `该付款属于订单 ${orderNo}，不能作废、冲销、修改或分配；请在订单中退款`,
  emptyCart: "该家长的购物车是空的",
  placed: (orderNo: string) => `下单成功，订单号 ${orderNo}`,
  paid: (paymentNo: string) => `付款成功，付款单号 ${paymentNo}`,
} as const;

export const commodityModule = defineModule({
  title: "商品",
  table: "shop_commodity",
  api: "/shop/commodity",
  page: "/shop/commodity",
  permissionPrefix: "commodity",
  fields: {
    name: { label: "商品名称", required: "请输入商品名称!", maxLength: 100, show: { search: true } },
    categoryId: { label: "商品分类", dict: "sys_category,name,id", required: "请选择商品分类!" },
    price: { label: "价格", type: "decimal", money: true, required: "请输入价格!", pattern: AMOUNT_PATTERN },
    // With 规格, the sum of theirs (the backend keeps it).
    stock: { label: "库存", type: "int", required: "请输入库存!", pattern: COUNT_PATTERN },
    images: { label: "图片", maxLength: 1000, show: { list: false, query: false } },
    status: { label: "状态", dict: "commodity_status", required: "请选择状态!", show: { search: true } },
    description: { label: "描述", type: "text", maxLength: 1000, show: { list: false } },
    createTime: created,
  },
});

/** A commodity's 规格 as its form's grid sends them (`variants`): price blank = the commodity's. */
export interface CommodityVariantInput {
  name: string;
  price: string;
  stock: string;
}

/** The variants grid's columns. */
export const COMMODITY_VARIANT_FIELDS = {
  name: { label: "规格", required: "请输入规格" },
  price: { label: "价格（空为商品价格）" },
  stock: { label: "库存", required: "请输入库存" },
} as const;

/** What is wrong with a commodity's variants (front and back), or null. */
export function commodityVariantsProblem(variants: readonly Partial<CommodityVariantInput>[]): string | null {
  if (variants.length > 50) return ShopMessages.tooManyVariants;
  const seen = new Set<string>();
  for (const [index, variant] of variants.entries()) {
    const name = (variant.name ?? "").trim();
    if (!name || name.length > 50) return ShopMessages.variantName(index + 1);
    const price = (variant.price ?? "").trim();
    if (price && !AMOUNT_PATTERN.regex.test(price)) return ShopMessages.variantPrice(index + 1);
    if (!COUNT_PATTERN.regex.test((variant.stock ?? "").trim())) return ShopMessages.variantStock(index + 1);
    if (seen.has(name)) return ShopMessages.variantTwice(name);
    seen.add(name);
  }
  return null;
}

export const cartModule = defineModule({
  title: "购物车",
  table: "shop_cart",
  api: "/shop/cart",
  page: "/shop/cart",
  permissionPrefix: "cart",
  fields: {
    // A row's parent and commodity stay; only the quantity changes.
    parentId: { label: "家长", dict: "school_parent,name,id", required: "请选择家长!", fixed: true, show: { search: true } },
    commodityId: { label: "商品", dict: "shop_commodity,name,id", required: "请选择商品!", fixed: true },
    // Required when the commodity has variants (checked by the backend).
    variantId: { label: "规格", dict: "shop_commodity_variant,name,id", fixed: true },
    quantity: { label: "数量", type: "int", required: "请输入数量!", pattern: QUANTITY_PATTERN },
    addedAt: { label: "加入时间", type: "datetime", readOnly: true },
  },
});

export const orderModule = defineModule({
  title: "订单",
  table: "shop_order",
  api: "/shop/order",
  page: "/shop/order",
  permissionPrefix: "order",
  // Never deleted: an unpaid order is cancelled (取消), a paid one refunded (退款), docs/decisions/161.
  operations: ["list", "add", "edit", "queryById"],
  fields: {
    orderNo: { label: "订单号", readOnly: true, show: { search: true } },
    parentId: { label: "家长", dict: "school_parent,name,id", required: "请选择家长!", show: { search: true } },
    studentId: { label: "学生", dict: "school_student,name_cn,id" },
    receiver: { label: "收货人", maxLength: 50 },
    receiverPhone: { label: "收货电话", maxLength: 30, sensitive: "phone", show: { list: false } },
    addressText: { label: "收货地址", maxLength: 300, show: { list: false } },
    total: { label: "订单金额", type: "decimal", money: true, readOnly: true },
    status: { label: "状态", dict: "order_status", readOnly: true, show: { search: true } },
    // The dictionary of 付款 (an order's payment is one).
    payChannel: { label: "支付方式", dict: "payment_channel", readOnly: true },
    paidAt: { label: "付款时间", type: "datetime", readOnly: true },
    remark: { label: "备注", maxLength: 255, show: { list: false } },
    closeReason: { label: "取消/退款原因", readOnly: true, show: { list: false } },
    closedAt: { label: "取消/退款时间", type: "datetime", readOnly: true, show: { list: false } },
    createTime: created,
  },
});

/** The lines grid of an order: the backend reads each commodity's name and price itself. */
export const ORDER_LINE_FIELDS = {
  commodityId: { label: "商品", dict: "shop_commodity,name,id", required: "请选择商品!" },
  variantId: { label: "规格" },
  price: { label: "单价" },
  quantity: { label: "数量", required: "请输入数量!" },
  amount: { label: "金额" },
} as const;

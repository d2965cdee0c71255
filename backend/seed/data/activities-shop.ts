// The demo school's activities and shop (issue #14): a term's activities (ended, open, drafts, one
// cancelled), community and third-party activities, sign-ups of the first students, commodities
// under the category 商品类别, a few carts and orders in every status. Dates are relative to the
// seed's day; ids are stable; stock is what is left after the demo orders.
import { sql } from "drizzle-orm";
import type { Executor } from "../../crud/context";
import { stableId } from "../../db/ids";
import { fenToYuan, toFen } from "#contract/money";
import { amountInWords } from "#contract/amount-in-words";
import { OrderStatus } from "#contract/modules/shop";
import { PaymentKind, PaymentStatus } from "#contract/modules/billing";
import { numbersByDay, RECEIPT_ISSUER } from "./billing";

const DAY = 86_400_000;

async function insertRows(tx: Executor, table: string, rows: ReadonlyArray<Record<string, unknown>>): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const list = sql.join(columns.map((column) => sql.identifier(column)), sql`, `);
  const selected = sql.join(columns.map((column) => sql`r.${sql.identifier(column)}`), sql`, `);
  await tx.rows(sql`insert into ${sql.identifier(table)} (${list}) select ${selected} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json) as r`);
}

/** title, type (activity_type), location, capacity, fee, days from today, status. */
const ACTIVITIES: Array<[string, string, string, number, string, number, string]> = [
  ["秋季运动会", "1", "学校操场", 200, "0.00", -50, "3"],
  ["中秋游园会", "5", "学校礼堂", 150, "0.00", -40, "3"],
  ["国际文化节", "5", "学校礼堂", 300, "50.00", -25, "3"],
  ["科学探究营", "3", "科学实验室", 30, "280.00", -12, "3"],
  ["秋游：植物园", "4", "北京植物园", 80, "120.00", -5, "3"],
  ["英语演讲比赛", "3", "多功能厅", 40, "0.00", 10, "2"],
  ["冬季长跑", "1", "学校操场", 100, "0.00", 15, "2"],
  ["圣诞音乐会", "2", "学校礼堂", 120, "80.00", 25, "2"],
  ["滑雪体验日", "4", "南山滑雪场", 25, "450.00", 40, "2"],
  ["新年义卖", "6", "学校大厅", 60, "0.00", 45, "1"],
  ["寒假游学说明会", "3", "多功能厅", 50, "0.00", 55, "1"],
  ["室内攀岩", "1", "攀岩馆", 20, "150.00", 8, "4"],
];

/** title, organiser, type, capacity, fee, days from today, status. */
const COMMUNITY: Array<[string, string, string, number, string, number, string]> = [
  ["社区亲子读书会", "家长委员会", "3", 40, "0.00", -20, "3"],
  ["周末跳蚤市场", "社区服务中心", "6", 60, "0.00", 12, "2"],
  ["家庭烘焙工作坊", "家长委员会", "2", 16, "60.00", 20, "2"],
];

/** provider, title, location, fee, days from today. */
const THIRD_PARTY: Array<[string, string, string, string, number]> = [
  ["启航教育", "寒假英国游学营", "英国伦敦", "26800.00", 70],
  ["小小科学家", "机器人编程课程", "小小科学家中关村中心", "3600.00", -30],
  ["蓝海游泳俱乐部", "游泳提高班", "蓝海游泳馆", "1800.00", 5],
];

/** name, category code, price, stock before the demo orders, description. */
const COMMODITIES: Array<[string, string, string, number, string]> = [
  ["夏季校服（短袖）", "A03A01", "120.00", 300, "纯棉短袖，含校徽"],
  ["冬季校服（外套）", "A03A01", "380.00", 200, "加厚防风外套"],
  ["运动服套装", "A03A01", "260.00", 200, "上衣与长裤"],
  ["校服领带", "A03A01", "45.00", 150, ""],
  ["英语分级读物（一套）", "A03A02", "398.00", 80, "12册"],
  ["数学练习册", "A03A02", "36.50", 200, ""],
  ["中文绘本精选", "A03A02", "168.00", 60, "8册"],
  ["午餐卡（20次）", "A03A03", "560.00", 500, "学期内有效"],
  ["午餐卡（50次）", "A03A03", "1350.00", 500, "学期内有效"],
  ["学校文具礼盒", "A03A04", "88.00", 120, ""],
  ["校徽水杯", "A03A04", "59.90", 100, ""],
  ["书包（小学）", "A03A04", "320.00", 10, "护脊书包"],
];

export async function seedActivitiesAndShop(tx: Executor, createdBy: string, timeZone: string): Promise<void> {
  const now = Date.now();
  const at = (days: number, hour = 9) => {
    const day = new Date(now + days * DAY);
    day.setUTCHours(hour - 8, 0, 0, 0);
    return day.toISOString();
  };
  // The first 60 active students with their paying (else first) parent.
  const students = await tx.rows<{ id: string; parent_id: string | null }>(sql`
    select s.id, (select sp.parent_id from school_student_parent sp where sp.student_id = s.id order by sp.is_payer desc, sp.sort_no limit 1) as parent_id
    from school_student s where s.tenant_id = 1 and s.status = '1' order by s.student_no limit 60`);

  const activity = (kind: string, [title, type, location, capacity, fee, days, status]: [string, string, string, number, string, number, string], organiser: string | null) => ({
    id: stableId("activity", kind, title),
    tenant_id: 1,
    kind,
    title,
    type,
    location,
    capacity,
    fee,
    start_time: at(days),
    end_time: at(days, 16),
    signup_deadline: at(days - 3, 18),
    content: `<p>${title}：欢迎同学们踊跃报名。</p><p>地点：${location}。</p>`,
    organiser,
    status,
    create_by: createdBy,
    create_time: at(Math.min(days - 20, -1)),
  });
  const activities = [
    ...ACTIVITIES.map((row) => activity("1", row, null)),
    ...COMMUNITY.map(([title, organiser, type, capacity, fee, days, status]) => activity("2", [title, type, "社区活动中心", capacity, fee, days, status], organiser)),
  ];
  await insertRows(tx, "act_activity", activities);

  // Sign-ups: the ended and open activities get a share of the students; free ones confirmed.
  const signups: Array<Record<string, unknown>> = [];
  activities.forEach((row, index) => {
    if (row.status !== "2" && row.status !== "3") return;
    const count = Math.min(row.capacity - (row.status === "2" ? 2 : 0), 6 + ((index * 7) % 15));
    for (let n = 0; n < count && n < students.length; n++) {
      const student = students[(index * 11 + n) % students.length]!;
      if (signups.some((signup) => signup.activity_id === row.id && signup.student_id === student.id)) continue;
      const free = row.fee === "0.00";
      // Signed up before the deadline, and never after today.
      const time = new Date(Math.min(Date.parse(row.signup_deadline), now) - (n + 2) * 3_600_000).toISOString();
      signups.push({
        id: stableId("signup", row.id, student.id),
        tenant_id: 1,
        activity_id: row.id,
        student_id: student.id,
        parent_id: student.parent_id,
        signup_time: time,
        status: n % 9 === 8 ? "3" : free ? "2" : "1",
        paid: "N",
        create_by: createdBy,
        create_time: time,
      });
    }
  });
  await insertRows(tx, "act_signup", signups);

  await insertRows(
    tx,
    "act_third_party",
    THIRD_PARTY.map(([provider, title, location, fee, days]) => ({
      id: stableId("third-party", title),
      tenant_id: 1,
      provider,
      title,
      location,
      fee,
      start_time: at(days),
      end_time: at(days + 10, 17),
      contact: "王老师",
      phone: "13900001111",
      create_by: createdBy,
      create_time: at(Math.min(days - 30, -1)),
    })),
  );
  await insertRows(
    tx,
    "act_third_party_student",
    THIRD_PARTY.flatMap(([, title], activityIndex) =>
      students.slice(activityIndex * 8, activityIndex * 8 + 5 + activityIndex * 2).map((student, index) => ({
        id: stableId("third-party-student", title, student.id),
        tenant_id: 1,
        activity_id: stableId("third-party", title),
        student_id: student.id,
        remark: null,
        sort_no: index,
      })),
    ),
  );

  const commodityId = (name: string) => stableId("commodity", name);
  const stock = new Map(COMMODITIES.map(([name, , , count]) => [name, count]));
  // Orders: 36 over the term, in every status; their lines take stock from the counts above.
  const statuses = ["1", "2", "3", "4", "4", "4", "5"];
  const orders: Array<Record<string, unknown>> = [];
  const items: Array<Record<string, unknown>> = [];
  for (let n = 0; n < 36 && students.length > 0; n++) {
    const student = students[(n * 5) % students.length]!;
    if (!student.parent_id) continue;
    const id = stableId("order", String(n));
    const status = statuses[n % statuses.length]!;
    const created = at(-80 + n * 2, 10);
    const lines = [COMMODITIES[n % COMMODITIES.length]!, COMMODITIES[(n * 3 + 4) % COMMODITIES.length]!].filter((line, index, all) => all.indexOf(line) === index);
    let totalFen = 0;
    lines.forEach(([name, , price], index) => {
      const quantity = 1 + ((n + index) % 3);
      const amountFen = Math.round(Number(price) * 100) * quantity;
      totalFen += amountFen;
      if (status !== "5") stock.set(name, stock.get(name)! - quantity);
      items.push({ id: stableId("order-item", String(n), name), order_id: id, commodity_id: commodityId(name), name, price, quantity, amount: (amountFen / 100).toFixed(2), sort_no: index });
    });
    orders.push({
      id,
      tenant_id: 1,
      order_no: `DD${created.slice(0, 10).replaceAll("-", "")}${String(9000 + n)}`,
      parent_id: student.parent_id,
      student_id: student.id,
      total: (totalFen / 100).toFixed(2),
      status,
      pay_channel: status === "1" ? null : String(1 + (n % 4)),
      paid_at: status === "1" ? null : created,
      create_by: createdBy,
      create_time: created,
    });
  }
  await insertRows(
    tx,
    "shop_commodity",
    COMMODITIES.map(([name, category, price, , description], index) => ({
      id: commodityId(name),
      tenant_id: 1,
      name,
      category_id: stableId("category", category),
      price,
      stock: Math.max(0, stock.get(name)!),
      images: null,
      status: index === 3 ? "0" : "1",
      description: description || null,
      create_by: createdBy,
      create_time: at(-90),
    })),
  );
  await insertRows(tx, "shop_order", orders);
  await insertRows(tx, "shop_order_item", items);
  await seedOrderPayments(tx, orders as unknown as DemoOrder[], timeZone, createdBy);
  // The receivers are the parents (a snapshot, as the order page writes it).
  await tx.rows(sql`update shop_order o set receiver = p.name, receiver_phone = p.phone from school_parent p where p.id = o.parent_id and o.receiver is null`);
  // Carts of the first eight families: one or two commodities each.
  const parents = [...new Set(students.map((student) => student.parent_id).filter((id): id is string => Boolean(id)))].slice(0, 8);
  await insertRows(
    tx,
    "shop_cart",
    parents.flatMap((parentId, index) =>
      [0, 1].slice(0, 1 + (index % 2)).map((offset) => ({
        id: stableId("cart", parentId, String(offset)),
        tenant_id: 1,
        parent_id: parentId,
        commodity_id: commodityId(COMMODITIES[(index + offset * 5) % COMMODITIES.length]![0]),
        quantity: 1 + (index % 2),
        added_at: at(-index - 1, 12),
        create_by: createdBy,
        create_time: at(-index - 1, 12),
      })),
    ),
  );
}

interface DemoOrder {
  id: string;
  order_no: string;
  parent_id: string;
  total: string;
  status: string;
  pay_channel: string | null;
  paid_at: string | null;
}

const REFUND_REASON = "尺码不合适，家长申请退款";

/**
 * Each paid order's payment of 付款 (docs/decisions/161: never allocated, named by its order) with its
 * receipt ten minutes later, and each refunded order's 退款 two days after it was paid: a negative
 * payment with the order's reason. Numbered in their own day after the term's payments (fill rules
 * payment_no and receipt_no), as the order page's 付款 and 退款 write them.
 */
async function seedOrderPayments(tx: Executor, orders: readonly DemoOrder[], timeZone: string, createdBy: string): Promise<void> {
  const paid = orders.filter((order) => order.paid_at && order.status !== OrderStatus.unpaid && order.status !== OrderStatus.cancelled);
  const paidAt = paid.map((order) => new Date(order.paid_at!));
  const receiptAt = paidAt.map((moment) => new Date(moment.getTime() + 10 * 60_000));
  const refunded = paid.filter((order) => order.status === OrderStatus.refunded);
  const refundAt = refunded.map((order) => new Date(new Date(order.paid_at!).getTime() + 2 * DAY));
  const paymentNumbers = await numbersByDay(tx, "payment_no", paidAt, timeZone);
  const receiptNumbers = await numbersByDay(tx, "receipt_no", receiptAt, timeZone);
  const refundNumbers = await numbersByDay(tx, "payment_no", refundAt, timeZone);
  const payment = (order: DemoOrder, id: string, number: string, at: Date, amountFen: bigint, kind: string, remark: string) => ({
    id,
    tenant_id: 1,
    payment_no: number,
    payer_type: "1",
    payer_id: order.parent_id,
    channel: order.pay_channel,
    amount: fenToYuan(amountFen),
    allocated_amount: "0.00",
    paid_at: at.toISOString(),
    status: PaymentStatus.unallocated,
    kind,
    remark,
    order_id: order.id,
    create_by: createdBy,
    create_time: at.toISOString(),
  });
  const payments = [
    ...paid.map((order, index) => payment(order, stableId("order-payment", order.id), paymentNumbers[index]!, paidAt[index]!, toFen(order.total), PaymentKind.receipt, `订单 ${order.order_no}`)),
    ...refunded.map((order, index) =>
      payment(order, stableId("order-refund", order.id), refundNumbers[index]!, refundAt[index]!, -toFen(order.total), PaymentKind.refund, `退款：订单 ${order.order_no}，${REFUND_REASON}`),
    ),
  ];
  await insertRows(tx, "bill_payment", payments);
  await insertRows(
    tx,
    "bill_receipt",
    paid.map((order, index) => ({
      id: stableId("receipt", stableId("order-payment", order.id)),
      tenant_id: 1,
      receipt_no: receiptNumbers[index],
      payment_id: stableId("order-payment", order.id),
      payment_no: paymentNumbers[index],
      amount: order.total,
      amount_in_words: amountInWords(toFen(order.total)),
      issued_at: receiptAt[index]!.toISOString(),
      issuer: RECEIPT_ISSUER,
      print_count: 0,
      create_by: createdBy,
      create_time: receiptAt[index]!.toISOString(),
    })),
  );
  await tx.rows(sql`update bill_payment p set payer_name = pa.name from school_parent pa where pa.id = p.payer_id and p.order_id is not null and p.tenant_id = 1`);
  await tx.rows(sql`update bill_receipt r set payer_name = p.payer_name from bill_payment p where p.id = r.payment_id and p.order_id is not null`);
  for (const [index, order] of refunded.entries())
    await tx.rows(sql`update shop_order set close_reason = ${REFUND_REASON}, closed_at = ${refundAt[index]!.toISOString()}::timestamptz where id = ${order.id}`);
}

// The demo school's data dictionaries: system dictionaries of JeecgBoot (api-contract.md §5)
// and one dictionary per coded field of the school modules (school-domain.md).
// Values are short stable codes; texts are Chinese. `type: 1` marks dictionaries whose
// column is numeric in the database.
import type { DictSeed } from "../types";

export const dictionaries: DictSeed[] = [
  // ---------------------------------------------------------------- system
  {
    code: "sex",
    name: "性别",
    type: 1,
    items: [
      ["1", "男"],
      ["2", "女"],
    ],
  },
  {
    code: "user_status",
    name: "用户状态",
    type: 1,
    items: [
      ["1", "正常"],
      ["2", "冻结"],
    ],
  },
  {
    code: "yn",
    name: "是否",
    items: [
      ["Y", "是"],
      ["N", "否"],
    ],
  },
  {
    code: "valid_status",
    name: "有效状态",
    items: [
      ["1", "有效"],
      ["0", "无效"],
    ],
  },
  {
    // 访问控制's rule types (migration 0640).
    code: "access_rule_type",
    name: "访问控制规则类型",
    items: [
      ["allow", "允许"],
      ["block", "禁止"],
    ],
  },
  {
    code: "priority",
    name: "优先级",
    items: [
      ["L", "低"],
      ["M", "中"],
      ["H", "高"],
    ],
  },
  {
    code: "msg_category",
    name: "消息类型",
    items: [
      ["1", "通知公告"],
      ["2", "系统消息"],
    ],
  },
  {
    code: "msg_type",
    name: "通告对象类型",
    items: [
      ["USER", "指定用户"],
      ["ALL", "全体用户"],
    ],
  },
  {
    code: "send_status",
    name: "发布状态",
    items: [
      ["0", "未发布"],
      ["1", "已发布"],
      ["2", "已撤销"],
    ],
  },
  {
    code: "open_type",
    name: "打开方式",
    items: [
      ["url", "链接"],
      ["component", "组件"],
    ],
  },
  {
    code: "org_category",
    name: "机构类型",
    items: [
      ["1", "公司"],
      ["2", "部门"],
      ["3", "岗位"],
    ],
  },
  {
    code: "position_rank",
    name: "职务职级",
    items: [
      ["1", "员级"],
      ["2", "助级"],
      ["3", "中级"],
      ["4", "副高级"],
      ["5", "正高级"],
    ],
  },
  {
    code: "rule_conditions",
    name: "规则条件",
    description: "数据权限规则的条件",
    items: [
      ["=", "等于"],
      ["!=", "不等于"],
      [">", "大于"],
      [">=", "大于等于"],
      ["<", "小于"],
      ["<=", "小于等于"],
      ["IN", "在...中"],
      ["LIKE", "全模糊"],
      ["LEFT_LIKE", "左模糊"],
      ["RIGHT_LIKE", "右模糊"],
      ["USE_SQL_RULES", "自定义SQL表达式"],
    ],
  },
  {
    code: "menu_type",
    name: "菜单类型",
    type: 1,
    items: [
      ["0", "一级菜单"],
      ["1", "子菜单"],
      ["2", "按钮权限"],
    ],
  },
  {
    code: "perms_type",
    name: "按钮权限策略",
    items: [
      ["1", "可见/可访问(授权后可见/可访问)"],
      ["2", "可编辑(未授权时禁用)"],
    ],
  },
  // 网关路由's 去除前缀 (migration 0210).
  {
    code: "gateway_strip_prefix",
    name: "是否去除前缀",
    type: 1,
    items: [
      ["1", "是"],
      ["0", "否"],
    ],
  },
  // The original client's user form (activitiSync) and menu form (全局权限策略) read these two.
  {
    code: "activiti_sync",
    name: "是否同步工作流引擎",
    type: 1,
    items: [
      ["1", "同步"],
      ["0", "不同步"],
    ],
  },
  {
    code: "global_perms_type",
    name: "全局权限策略",
    items: [
      ["1", "可见/可访问(授权后可见/可访问)"],
      ["2", "可编辑(未授权时禁用)"],
    ],
  },
  // The JeecgBoot Vue 3 client's message pop-up (issue #31, docs/decisions/151): where a message of a
  // business type opens (value: the notice's bus_type, text: the client's route), and its date ranges.
  {
    code: "messageHref",
    name: "消息跳转",
    items: [["message", "/monitor/mynews"]],
  },
  {
    code: "rangeDate",
    name: "消息日期范围",
    items: [
      ["jt", "今天"],
      ["zt", "昨天"],
      ["qt", "前天"],
      ["bz", "本周"],
      ["sz", "上周"],
      ["by", "本月"],
      ["sy", "上月"],
      ["7day", "7日"],
      ["zdy", "自定义日期"],
    ],
  },
  {
    code: "quartz_status",
    name: "定时任务状态",
    type: 1,
    items: [
      ["0", "正常"],
      ["-1", "停止"],
    ],
  },
  {
    code: "log_type",
    name: "日志类型",
    type: 1,
    items: [
      ["1", "登录日志"],
      ["2", "操作日志"],
    ],
  },
  {
    code: "operate_type",
    name: "操作类型",
    type: 1,
    items: [
      ["1", "查询"],
      ["2", "添加"],
      ["3", "修改"],
      ["4", "删除"],
      ["5", "导入"],
      ["6", "导出"],
    ],
  },
  {
    code: "tenant_status",
    name: "租户状态",
    type: 1,
    items: [
      ["1", "正常"],
      ["0", "冻结"],
    ],
  },
  {
    code: "database_type",
    name: "数据库类型",
    items: [
      ["1", "MySQL"],
      ["2", "Oracle"],
      ["3", "SQLServer"],
      ["4", "PostgreSQL"],
    ],
  },
  {
    code: "template_type",
    name: "模板类型",
    items: [
      ["1", "短信"],
      ["2", "邮件"],
      ["3", "微信"],
      ["4", "站内"],
    ],
  },
  {
    code: "send_result",
    name: "发送结果",
    items: [
      ["0", "未发送"],
      ["1", "发送成功"],
      ["2", "发送失败"],
      ["-1", "放弃"],
    ],
  },

  // ---------------------------------------------------------------- people
  {
    code: "student_status",
    name: "学生状态",
    items: [
      ["1", "在读"],
      ["2", "休学"],
      ["3", "毕业"],
      ["4", "退学"],
    ],
  },
  {
    code: "grade",
    name: "年级",
    items: [
      ["0", "学前班"],
      ["1", "一年级"],
      ["2", "二年级"],
      ["3", "三年级"],
      ["4", "四年级"],
      ["5", "五年级"],
      ["6", "六年级"],
      ["7", "七年级"],
      ["8", "八年级"],
      ["9", "九年级"],
      ["10", "十年级"],
      ["11", "十一年级"],
      ["12", "十二年级"],
    ],
  },
  {
    code: "parent_relation",
    name: "家长关系",
    items: [
      ["1", "父亲"],
      ["2", "母亲"],
      ["3", "监护人"],
    ],
  },
  {
    code: "nationality",
    name: "国籍",
    description: "ISO 3166-1 二位国家/地区代码",
    items: [
      ["US", "美国"],
      ["GB", "英国"],
      ["DE", "德国"],
      ["FR", "法国"],
      ["JP", "日本"],
      ["KR", "韩国"],
      ["SG", "新加坡"],
      ["CA", "加拿大"],
      ["AU", "澳大利亚"],
      ["HK", "中国香港"],
      ["TW", "中国台湾"],
      ["IT", "意大利"],
      ["NL", "荷兰"],
      ["SE", "瑞典"],
      ["CN", "中国"],
      ["OT", "其他"],
    ],
  },
  {
    code: "teacher_status",
    name: "教师状态",
    items: [
      ["1", "在职"],
      ["2", "休假"],
      ["3", "离职"],
    ],
  },
  // People and fill rules (issue #12 A).
  {
    code: "subject",
    name: "任教学科",
    items: [
      ["1", "语文"],
      ["2", "数学"],
      ["3", "英语"],
      ["4", "科学"],
      ["5", "体育"],
      ["6", "音乐"],
      ["7", "美术"],
      ["8", "信息技术"],
    ],
  },
  {
    code: "fill_rule_kind",
    name: "填值规则类型",
    items: [["serial", "前缀+日期+流水号"]],
  },
  {
    code: "fill_rule_date",
    name: "填值规则日期格式",
    items: [
      ["yyyy", "年 (yyyy)"],
      ["yyyyMM", "年月 (yyyyMM)"],
      ["yyyyMMdd", "年月日 (yyyyMMdd)"],
      ["yyMMdd", "短年月日 (yyMMdd)"],
    ],
  },
  {
    code: "fill_rule_reset",
    name: "填值规则重置周期",
    items: [
      ["day", "每日"],
      ["month", "每月"],
      ["year", "每年"],
      ["never", "不重置"],
    ],
  },
  {
    code: "corp_billing_cycle",
    name: "企业结算周期",
    items: [
      ["1", "月"],
      ["2", "学期"],
      ["3", "学年"],
    ],
  },
  {
    code: "corp_status",
    name: "企业状态",
    items: [
      ["1", "合作中"],
      ["0", "已停止"],
    ],
  },

  // ---------------------------------------------------------------- fees and money
  {
    code: "project_type",
    name: "收费项目类型",
    items: [
      ["1", "学费"],
      ["2", "校车"],
      ["3", "午餐"],
      ["4", "活动"],
      ["5", "其他"],
    ],
  },
  {
    code: "project_period",
    name: "收费周期",
    items: [
      ["1", "一次"],
      ["2", "月"],
      ["3", "学期"],
      ["4", "学年"],
    ],
  },
  {
    code: "payer_type",
    name: "付款方类型",
    items: [
      ["1", "家长"],
      ["2", "企业"],
    ],
  },
  {
    code: "bill_status",
    name: "账单状态",
    items: [
      ["1", "未付"],
      ["2", "部分"],
      ["3", "已付"],
      ["4", "作废"],
    ],
  },
  {
    code: "receivable_status",
    name: "应收账单状态",
    items: [
      ["1", "未收"],
      ["2", "部分收款"],
      ["3", "已收"],
      ["4", "作废"],
    ],
  },
  {
    code: "payment_channel",
    name: "付款渠道",
    items: [
      ["1", "微信"],
      ["2", "支付宝"],
      ["3", "银行转账"],
      ["4", "现金"],
    ],
  },
  {
    code: "payment_status",
    name: "付款状态",
    items: [
      ["1", "未分配"],
      ["2", "部分分配"],
      ["3", "已分配"],
      ["4", "已作废"],
    ],
  },
  {
    code: "bill_kind",
    name: "账单类型",
    items: [
      ["1", "学期"],
      ["2", "活动"],
    ],
  },
  {
    code: "late_fee_mode",
    name: "滞纳金方式",
    items: [
      ["1", "每日金额"],
      ["2", "每日比例"],
      ["3", "一次性金额"],
      ["4", "一次性比例"],
    ],
  },
  {
    code: "payment_kind",
    name: "付款类型",
    items: [
      ["1", "收款"],
      ["2", "退费"],
    ],
  },
  {
    code: "receipt_status",
    name: "收据状态",
    items: [
      ["1", "有效"],
      ["2", "已作废"],
    ],
  },
  {
    code: "voucher_status",
    name: "凭证状态",
    items: [
      ["1", "草稿"],
      ["2", "已过账"],
      ["3", "已作废"],
      ["4", "已冲销"],
    ],
  },
  {
    code: "trade_state",
    name: "微信交易状态",
    items: [
      ["SUCCESS", "支付成功"],
      ["REFUND", "转入退款"],
      ["NOTPAY", "未支付"],
      ["CLOSED", "已关闭"],
      ["PAYERROR", "支付失败"],
    ],
  },
  {
    code: "school_term",
    name: "学期",
    items: [
      ["1", "上学期"],
      ["2", "下学期"],
    ],
  },

  // ---------------------------------------------------------------- activities and the shop
  {
    code: "activity_type",
    name: "活动类型",
    items: [
      ["1", "体育"],
      ["2", "艺术"],
      ["3", "学术"],
      ["4", "户外"],
      ["5", "节日庆典"],
      ["6", "志愿服务"],
      ["9", "其他"],
    ],
  },
  {
    code: "activity_status",
    name: "活动状态",
    items: [
      ["1", "草稿"],
      ["2", "报名中"],
      ["3", "已结束"],
      ["4", "取消"],
    ],
  },
  {
    code: "signup_status",
    name: "报名状态",
    items: [
      ["1", "待确认"],
      ["2", "已确认"],
      ["3", "已取消"],
      ["4", "候补"],
    ],
  },
  {
    code: "attendance_status",
    name: "出勤状态",
    items: [
      ["1", "出席"],
      ["2", "缺席"],
      ["3", "请假"],
    ],
  },
  {
    code: "commodity_status",
    name: "商品状态",
    items: [
      ["1", "上架"],
      ["0", "下架"],
    ],
  },
  {
    code: "order_status",
    name: "订单状态",
    items: [
      ["1", "待付款"],
      ["2", "已付款"],
      ["3", "已发货"],
      ["4", "已完成"],
      ["5", "已退款"],
      ["6", "已取消"],
    ],
  },

  {
    code: "shop_pay_channel",
    name: "订单支付方式",
    items: [
      ["1", "微信"],
      ["2", "支付宝"],
      ["3", "银行转账"],
      ["4", "现金"],
    ],
  },

  // ---------------------------------------------------------------- communication
  {
    code: "mail_status",
    name: "邮件状态",
    items: [
      ["0", "待发送"],
      ["1", "已发送"],
      ["2", "失败"],
    ],
  },
  {
    code: "message_channel",
    name: "消息渠道",
    items: [
      ["1", "站内"],
      ["2", "短信"],
      ["3", "微信"],
    ],
  },
  {
    code: "message_status",
    name: "消息状态",
    items: [
      ["0", "待发送"],
      ["1", "已发送"],
      ["2", "失败"],
      ["3", "已记录"],
    ],
  },
  // 表单开发 (issue #18 part 1, migration 0180).
  {
    code: "online_table_type",
    name: "表类型",
    items: [
      ["1", "单表"],
      ["2", "主表"],
      ["3", "附表"],
    ],
  },
  {
    code: "online_theme",
    name: "页面风格",
    items: [
      ["normal", "默认风格"],
      ["erp", "ERP风格"],
      ["tab", "TAB风格"],
      ["innerTable", "内嵌子表风格"],
    ],
  },
  {
    code: "online_relation",
    name: "映射关系",
    items: [
      ["0", "一对多"],
      ["1", "一对一"],
    ],
  },
  {
    code: "online_synch",
    name: "同步状态",
    items: [
      ["Y", "已同步"],
      ["N", "未同步"],
    ],
  },
];

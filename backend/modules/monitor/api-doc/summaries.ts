// What 接口文档 says of an endpoint that gives no summary of its own (issue #30 item 5): a Chinese
// summary from the last word of its path (the operation's name in JeecgBoot's own API), never the
// method and path again; an endpoint whose word is not listed here reads 暂无说明 until it gives
// `doc.summary`. The CRUD engine's endpoints name their module (backend/crud/summary.ts).

const BY_WORD: Readonly<Record<string, string>> = {
  list: "分页列表查询", add: "添加", edit: "编辑", delete: "删除", deleteBatch: "批量删除", queryById: "通过id查询",
  exportXls: "导出Excel", importExcel: "导入Excel", history: "修改记录", queryList: "列表查询", queryall: "查询全部",
  queryallNoByTenant: "查询全部（不限租户）", queryByIds: "通过多个id查询", queryTreeList: "查询树形列表", loadTreeData: "加载树形数据",
  loadTreeRoot: "加载树的根节点", loadTreeChildren: "加载树的子节点", rootList: "根节点列表", childList: "子节点列表", loadAllData: "加载全部数据",
  loadDictItem: "加载字典项", login: "登录", logout: "退出登录", phoneLogin: "手机号登录", sms: "发送短信验证码", phoneVerification: "验证手机验证码",
  register: "注册", checkCaptcha: "校验验证码", randomImage: "获取图形验证码", getUserInfo: "获取当前用户信息",
  getUserPermissionByToken: "获取当前用户的菜单和权限", verifyIzDefaultPwd: "是否仍为初始密码", loginGetUserDeparts: "登录后的部门列表",
  getCurrentUserDeparts: "当前用户的部门", selectDepart: "切换部门", updatePassword: "修改密码", changePassword: "修改密码",
  passwordChange: "通过手机验证码重置密码", resetPassword: "重置密码", unlock: "解除锁定", frozenBatch: "批量冻结或解冻",
  checkOnlyUser: "校验用户唯一", queryUserRole: "查询用户的角色", userRoleList: "角色的用户列表", addSysUserRole: "为角色添加用户",
  deleteUserRole: "从角色移除用户", deleteUserRoleBatch: "从角色批量移除用户", userDepartList: "用户的部门列表", departUserList: "部门的用户列表",
  editSysDepartWithUser: "为部门添加用户", deleteUserInDepart: "从部门移除用户", deleteUserInDepartBatch: "从部门批量移除用户",
  queryUserByDepId: "部门的用户", getUsersByDepartId: "部门的用户", queryUserComponentData: "用户选择组件数据", getMultiUser: "查询多个用户",
  queryByUserName: "通过用户名查询", searchBy: "搜索", queryIdTree: "部门树（id）", queryDepartTreeSync: "逐级加载部门树",
  queryDepartAndPostTreeSync: "逐级加载部门和岗位树", queryDepartPostByOrgCode: "通过机构编码查询部门岗位", queryDepartPostUserPageList: "部门岗位的用户分页列表",
  getDepartPathNameByOrgCode: "部门的完整路径名", getRankRelation: "职级关系", checkRoleCode: "校验角色编码", queryRolePermission: "角色的权限",
  saveRolePermission: "保存角色的权限", datarule: "数据权限规则", getPermRuleListByPermId: "菜单的数据规则", addPermissionRule: "添加数据规则",
  editPermissionRule: "编辑数据规则", deletePermissionRule: "删除数据规则", checkPermDuplication: "校验菜单路径唯一", addMenu: "添加菜单",
  queryDefIndex: "查询默认首页", getEnabledType: "启用的登录方式", dictItemCheck: "校验字典项值唯一", queryAllDictItems: "查询全部字典项",
  refleshCache: "刷新缓存", checkCode: "校验编码", checkByCode: "通过编码校验", check: "校验", recycleBin: "回收站",
  putRecycleBin: "从回收站还原", deleteRecycleBin: "从回收站彻底删除", deleteList: "批量彻底删除", userQuitAgent: "离职交接",
  getQuitList: "离职人员列表", putCancelQuit: "取消离职", deleteThirdAccount: "解除第三方账号绑定", bindings: "第三方账号绑定",
  providers: "第三方登录方式", callback: "第三方登录回调", doReleaseData: "发布", doReovkeData: "撤销", syncNotic: "同步通知",
  listByUser: "当前用户的通知", getUnreadMessageCount: "未读消息数", editByAnntIdAndUserId: "标记为已读", readAll: "全部标记为已读",
  getMyAnnouncementSend: "我的消息", sendMsg: "发送消息", upload: "上传文件", getUploadFileProgress: "上传进度", testConnection: "测试连接", options: "下拉选项",
  setDefault: "设为默认", open: "开放报名", end: "结束", cancel: "取消", confirm: "确认", void: "作废", reverse: "冲销", issue: "开具收据",
  print: "打印", post: "过账", allocate: "分配到账单", allocations: "付款的分配", openBills: "未付清的账单", generate: "生成账单",
  generatePreview: "生成账单预览", emailCorpBill: "邮件发送企业账单", ReceivableBilllist: "应收账单明细", ageing: "账龄分析", bills: "账单",
  entries: "分录", reconcile: "对账", createMissingPayments: "补建缺少的付款", retry: "重新发送", items: "明细", lines: "明细行",
  details: "明细", students: "学生", ofActivity: "活动的报名", queryParentsByStudentId: "学生的家长", roster: "班级名单",
  promote: "升级", promotePreview: "升级预览", undoPromotion: "撤销升级", pay: "支付", ship: "发货", complete: "完成", refund: "退款",
  placeOrder: "下单", saveAll: "全部保存", parseSql: "解析SQL", doDbSynch: "同步数据库", pause: "暂停", resume: "恢复", execute: "立即执行",
  runs: "执行记录", loginfo: "访问统计", visitInfo: "访问趋势", forceLogout: "强制退出", server: "服务器信息",
  getLoginUser: "第三方登录的用户", getUserTenantPageList: "租户的用户及其状态", updateUserTenantStatus: "设置用户在租户中的状态", queryByCode: "按角色编码查询首页配置", cleanDefaultIndexCache: "清除首页配置缓存", thirdSms: "第三方账号绑定的短信验证码", queryPermissionRule: "菜单的数据规则", queryDepartPermission: "部门的权限", saveDepartPermission: "保存部门的权限", getDictItems: "字典项", loadDict: "加载字典", getDictText: "字典项文本", back: "从回收站还原",
  deletePhysic: "彻底删除", show: "查看通知", static: "下载文件", executeRuleByCode: "按编码生成编号", getColumns: "在线表单的列",
  getData: "查询数据", form: "在线表单数据", importXls: "导入Excel", getRpColumns: "报表的列", getQueryInfo: "报表的查询条件",
  getParamsInfo: "报表的参数", getColumnsAndData: "报表的列和数据",
  getPermCode: "当前用户的权限编码", getLoginQrcode: "登录二维码", getQrcodeToken: "二维码登录的状态",
  getDepartmentHead: "部门负责人", changeDepartChargePerson: "设置部门负责人", queryAllParentId: "查询全部上级部门",
  getUpdateDepartInfo: "部门调整信息", doUpdateDepartInfo: "保存部门调整", getDepPostIdByDepId: "部门的岗位",
  getPositionByDepartId: "部门的职务", updateChangeDepart: "调整部门", getChildListBatch: "批量查询子节点", editIzTop: "设置置顶",
  addVisitsNumber: "增加访问次数", getOne: "查询一条", prices: "年级价格", reduce: "减免", instalments: "账单分期",
  vue3List: "消息弹窗列表", clearAllUnReadMessage: "清空未读消息", testFillRule: "测试填值规则（不占用编号）", uploadMinio: "上传文件（存入文件存储）",
};

/** The summary of an endpoint without one: by its path's last word, or 暂无说明. */
export function fallbackSummary(path: string): string {
  const words = path.split("/").filter((segment) => segment && !segment.startsWith(":") && !segment.startsWith("*"));
  return BY_WORD[words.at(-1) ?? ""] ?? NO_SUMMARY;
}

export const NO_SUMMARY = "暂无说明";

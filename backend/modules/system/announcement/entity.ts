// The announcement as the CRUD engine sees it: the list's allow-list and the add/edit body rules
// (api-contract.md §5, §6). tenant_id is left out: it is the server's, never a filter, never on
// the wire; the endpoints scope every query by it themselves.
import { defineEntity } from "../../../crud";
import { buildBodySchemas, columnInfo } from "../../../crud/body-schema";
import { sysAnnouncement } from "./schema";

export const announcementEntity = defineEntity(sysAnnouncement, {
  exclude: ["tenantId"],
  fields: {
    priority: { dictCode: "priority" },
    msgCategory: { dictCode: "msg_category" },
    msgType: { dictCode: "msg_type" },
    sendStatus: { dictCode: "send_status" },
    openType: { dictCode: "open_type" },
  },
  softDeleteColumn: "del_flag",
});

/**
 * Lengths: msg_content is `text` in the DDL, so it gets an explicit bound. The HTML is stored as
 * sent and never trusted as safe: the web app sanitises it where it renders it.
 */
export const MAX_CONTENT_LENGTH = 200_000;
const MAX_ABSTRACT_LENGTH = 2_000;
/** 1000 ids of 32 characters with their commas. */
const MAX_USER_IDS_LENGTH = 33_000;

/** Set by the server: the release/revoke/delete endpoints own these (contract §8). */
const SERVER_MANAGED = new Set(["id", "sender", "sendStatus", "sendTime", "cancelTime", "delFlag", "visitsNum"]);

export const announcementBodies = buildBodySchemas(
  announcementEntity,
  columnInfo(sysAnnouncement),
  {
    fields: {
      titile: { label: "标题", required: "标题不能为空" },
      msgContent: { label: "内容", maxLength: MAX_CONTENT_LENGTH },
      msgAbstract: { label: "摘要", maxLength: MAX_ABSTRACT_LENGTH },
      startTime: { label: "开始时间" },
      endTime: { label: "结束时间" },
      priority: { label: "优先级", pattern: /^[LMH]$/, patternMessage: "优先级只能是L、M或H" },
      msgCategory: { label: "消息类型", pattern: /^[12]$/, patternMessage: "消息类型只能是1或2" },
      msgType: {
        label: "通告对象类型",
        required: "通告对象类型不能为空",
        pattern: /^(USER|ALL)$/,
        patternMessage: "通告对象类型只能是USER或ALL",
      },
      openType: { label: "打开方式", pattern: /^(component|url)$/, patternMessage: "打开方式只能是component或url" },
      userIds: { label: "指定用户", maxLength: MAX_USER_IDS_LENGTH },
    },
  },
  SERVER_MANAGED,
);

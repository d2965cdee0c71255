// 短信 and 微信 senders. A channel sends through the sender registered for it in code
// (registerMessageSender), else through its webhook when configured (SMS_WEBHOOK_URL,
// WECHAT_WEBHOOK_URL: the message is POSTed as JSON {channel, receiver, title, content}), else not
// at all: the message row keeps exactly what would have been sent, as 已记录.
import { MessageChannel } from "#contract/modules/message";
import type { BackendConfig } from "../../../config";

export type ProviderChannel = typeof MessageChannel.sms | typeof MessageChannel.wechat;

export interface OutgoingMessage {
  channel: ProviderChannel;
  receiver: string;
  title: string;
  content: string;
}

/** Sends one message; throws (with a readable message) when the provider refuses it. */
export interface MessageSender {
  readonly name: string;
  send(message: OutgoingMessage): Promise<void>;
}

const registered = new Map<ProviderChannel, MessageSender>();

/** Plugs a provider in for a channel (replaces the webhook and any earlier sender). */
export function registerMessageSender(channel: ProviderChannel, sender: MessageSender | undefined): void {
  if (sender) registered.set(channel, sender);
  else registered.delete(channel);
}

/** Milliseconds a webhook may take before the message fails. */
const WEBHOOK_TIMEOUT = 15_000;

function webhookSender(url: string): MessageSender {
  return {
    name: `webhook ${new URL(url).host}`,
    async send(message) {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status} ${(await response.text()).slice(0, 200)}`);
    },
  };
}

export const PROVIDER_SETTINGS: Record<ProviderChannel, { label: string; env: string }> = {
  [MessageChannel.sms]: { label: "短信", env: "SMS_WEBHOOK_URL" },
  [MessageChannel.wechat]: { label: "微信", env: "WECHAT_WEBHOOK_URL" },
};

export function senderFor(
  channel: ProviderChannel,
  config: Pick<BackendConfig, "smsWebhookUrl" | "wechatWebhookUrl">,
): MessageSender | undefined {
  const url = channel === MessageChannel.sms ? config.smsWebhookUrl : config.wechatWebhookUrl;
  return registered.get(channel) ?? (url ? webhookSender(url) : undefined);
}

/** es_result of a message kept because its channel has no provider. */
export function notConfiguredText(channel: ProviderChannel): string {
  const { label, env } = PROVIDER_SETTINGS[channel];
  return `未配置${label}发送商 (${env}): 消息已记录, 未发送`;
}

// The conversation with a record's sender, for the record page and the review page: how a reply would go now, the
// messages both ways, and the form's state. null when the record did not come by WhatsApp or SMS (or can no longer
// be reached).
import { channelAdapters } from '../../../channels/adapters.ts';
import { REPLY_MAX, replyWindow } from '../../../commands/channels/reply-to-submitter.ts';
import type { Context } from '../../../context.ts';
import { channelLog } from '../../../queries/channel-log.ts';
import type { HelpRow } from '../../../queries/record-in-emergency.ts';
import type { Errors } from '../../../views/console/controls.ts';
import type { ConversationView } from '../../../views/console/conversation-section.ts';

export async function conversationView(
  ctx: Context,
  record: HelpRow,
  errors: Errors = {},
  values: Record<string, string> = {},
): Promise<ConversationView | null> {
  const window = await replyWindow(ctx, record);
  if (window === null) return null;
  return {
    window,
    configured: channelAdapters[window.channel].configured(ctx.config),
    log: await channelLog(ctx, record.id),
    maxLength: REPLY_MAX,
    errors,
    value: values.text,
  };
}

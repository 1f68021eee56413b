import type { en } from './en';

export const zh: typeof en = {
  channels: '报警渠道',
  channelsHint: '为每种报警选择报警消息的接收方式。',
  alarmKind: '报警',
  email: '邮件',
  sms: '短信',
  type1: '保养',
  type2: '周期时间',
  type3: '温度',
  type4: '离线',
  type5: '电量',
  notConfigured: '本服务器未配置{{channels}}发送，因此不会发送此类消息。请联系管理员。',
  channelsLoadFailed: '无法确认服务器可用的发送渠道。',
  frequencyMeaning:
    '每天或每周最多发送这么多条消息，从您所在时区的 08:00 起计。一分钟内的报警合并为一条消息；达到上限后，其余报警在次日 08:00（按周则为周一）一并发送。',
  unsubscribeTitle: '报警消息',
  unsubscribePrompt: '您是否要停止接收邮件和短信报警消息？',
  unsubscribeButton: '退订',
  unsubscribed: '退订成功',
  unsubscribedHint: '您可以在个人信息中重新开启报警消息。',
  unsubscribeFailed: '网络错误',
  unsubscribeNoLink: '打开此页面时没有退订链接，无需任何操作。',
};

export const en = {
  channels: 'Alert channels',
  channelsHint: 'For each kind of alarm, choose how its alert messages reach you.',
  alarmKind: 'Alarm',
  email: 'E-mail',
  sms: 'SMS',
  type1: 'Maintenance',
  type2: 'Cycle time',
  type3: 'Temperature',
  type4: 'Offline',
  type5: 'Power',
  notConfigured:
    'Sending by {{channels}} is not set up on this server, so no such messages are sent. Ask your administrator.',
  channelsLoadFailed: 'Could not check which channels the server can send on.',
  frequencyMeaning:
    'At most this many messages per day or week, counted from 08:00 in your time zone. Alarms within a minute go in one message; once the limit is reached, the rest arrive together at 08:00 the next day (Monday for weekly).',
  unsubscribeTitle: 'Alert messages',
  unsubscribePrompt: 'Do you want to stop receiving alert messages by e-mail and SMS?',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'Unsubscribed successfully',
  unsubscribedHint: 'You can turn alert messages on again in your personal info.',
  unsubscribeFailed: 'Network error',
  unsubscribeNoLink: 'This page was opened without an unsubscribe link, so there is nothing to do.',
};

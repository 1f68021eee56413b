import type { en } from './en';

export const kor: typeof en = {
  channels: '알람 수신 방법',
  channelsHint: '알람 종류별로 알람 메시지를 받을 방법을 선택하세요.',
  alarmKind: '알람',
  email: '이메일',
  sms: 'SMS',
  type1: '유지보수',
  type2: '사이클 타임',
  type3: '온도',
  type4: '오프라인',
  type5: '전원',
  notConfigured:
    '이 서버에는 {{channels}} 발송이 설정되어 있지 않아 해당 메시지는 발송되지 않습니다. 관리자에게 문의하세요.',
  channelsLoadFailed: '서버가 발송할 수 있는 방법을 확인하지 못했습니다.',
  frequencyMeaning:
    '하루 또는 일주일에 최대 이 횟수만큼 메시지를 보내며, 사용자 시간대의 08:00부터 셉니다. 1분 안의 알람은 한 메시지로 묶이고, 한도에 도달하면 나머지는 다음 날 08:00(주간은 월요일)에 한꺼번에 도착합니다.',
  unsubscribeTitle: '알람 메시지',
  unsubscribePrompt: '이메일과 SMS 알람 메시지 수신을 중단하시겠습니까?',
  unsubscribeButton: '수신 거부',
  unsubscribed: '수신 거부되었습니다',
  unsubscribedHint: '개인 정보에서 알람 메시지를 다시 켤 수 있습니다.',
  unsubscribeFailed: '네트워크 오류',
  unsubscribeNoLink: '수신 거부 링크 없이 이 페이지를 열었으므로 할 일이 없습니다.',
};

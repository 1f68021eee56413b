import type { ValidationMessageCatalog } from './validation-messages.js';

/** The kor texts of validation-messages.ts (a module of its own: the console loads only the chosen language). */
export const VALIDATION_MESSAGES_KOR: ValidationMessageCatalog = {
  passwordEncoding: 'base64로 인코딩하여 보내야 합니다',
  required: '필수 항목입니다',
  accountLength: '3~32자여야 합니다',
  noSpaces: '공백을 포함할 수 없습니다',
  noChinese: '한자를 포함할 수 없습니다',
  passwordLength: '6~16자여야 합니다',
  passwordCharset: '영문과 숫자만 사용하고 둘 다 포함해야 합니다',
  passwordSameAsOld: '새 비밀번호는 기존 비밀번호와 달라야 합니다',
  passwordsDiffer: '비밀번호가 일치하지 않습니다',
  codeFormat: '숫자 6자리여야 합니다',
  emailFormat: '올바른 이메일 주소를 입력하세요',
  phoneFormat: '숫자, + 및 -만 사용할 수 있습니다',
  noSpecialCharacters: '특수 문자를 포함할 수 없습니다',
  nameLength: '최대 15자',
  frequencyChoice: '3, 5 또는 10을 선택하세요',
  textTooLong: '너무 깁니다',
  serialNumberFormat: '번호 오류: 영문, 숫자, - 또는 _ 3~64자를 사용하세요',
  noNulCharacter: 'NUL 문자를 포함할 수 없습니다',
  // mold-server
  oneDecimal: '소수점 이하 한 자리까지 입력할 수 있습니다',
  twoDecimals: '소수점 이하 두 자리까지 입력할 수 있습니다',
  notZero: '0일 수 없습니다',
  wholeNumber: '정수를 입력하세요 (0 이상, 앞자리 0 없이)',
  range1to500: '1에서 500 사이의 값을 입력하세요',
  temperatureRange: '{{min}}에서 {{max}} {{unit}} 사이의 값을 입력하세요',
  tooLarge: '값이 너무 큽니다',
  moldNumberFormat: '영문, 숫자 및 _ # / ( )만 사용할 수 있습니다',
  timeZoneChoice: '목록에서 시간대를 선택하세요',
  temperatureOrder: '채널을 순서대로 입력하세요: 마지막으로 입력한 위치부터 시작합니다',
  tooManyChannels: '채널이 너무 많습니다',
  cycleThresholdMin: '사이클 임계값은 60초 이상이어야 합니다',
  earlyBelowAlert: '사전 경보 값은 경보 값보다 작아야 합니다',
  stopAfterIdle: '기본 정지 시간은 기본 대기 시간보다 길어야 합니다',
  oeeRange: '1에서 100 사이의 백분율을 입력하세요',
  // org-companies
  tagLength: '최대 32자입니다',
  // roles
  roleNameLength: '최대 32자',
  menuItemUnknown: '존재하지 않는 메뉴 항목입니다',
  actionNotGrantable: '이 메뉴 항목은 이 작업을 부여할 수 없습니다',
  // users
  roleRequired: '역할을 선택하세요',
  moldIdsFormat: '쉼표로 구분한 금형 ID를 사용하세요',
  moldIdsOrChange: 'moldIds 또는 트리의 선택 변경을 보내세요',
  // work-orders
  orderNoFormat: '영문자, 숫자와 _ - # / ( )만 사용하세요',
  orderNoLength: '최대 32자',
  rejectQuantity: '1 이상의 정수를 입력하세요',
  // map
  latitudeRange: '위도는 -90에서 90 사이여야 합니다',
  longitudeRange: '경도는 -180에서 180 사이여야 합니다',
  locationLabelLength: '최대 64자',
  bssidFormat: 'AA:BB:CC:DD:EE:FF 형식의 BSSID를 입력하세요',
  accuracyRange: '정확도는 1에서 5000m 사이여야 합니다',
  // maintenance
  tooManyItems: '항목이 너무 많습니다',
  // renewal
  countryCode: '국가를 선택하세요',
  renewalPickMoulds: '금형을 하나 이상 선택하세요',
  renewalYears: '1~5년을 선택하세요',
  accountNumberFormat: '올바른 계좌번호를 입력하세요: 숫자 6~34자리 또는 IBAN',
};

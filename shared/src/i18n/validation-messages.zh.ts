import type { ValidationMessageCatalog } from './validation-messages.js';

/** The zh texts of validation-messages.ts (a module of its own: the console loads only the chosen language). */
export const VALIDATION_MESSAGES_ZH: ValidationMessageCatalog = {
  passwordEncoding: '必须以 base64 编码发送',
  required: '必填',
  accountLength: '长度为 3 到 32 个字符',
  noSpaces: '不能包含空格',
  noChinese: '不能包含中文字符',
  passwordLength: '长度为 6 到 16 个字符',
  passwordCharset: '只能使用字母和数字，且两者都要包含',
  passwordSameAsOld: '新密码不能与旧密码相同',
  passwordsDiffer: '两次输入的密码不一致',
  codeFormat: '必须为 6 位数字',
  emailFormat: '请输入有效的邮箱地址',
  phoneFormat: '只能包含数字、+ 和 -',
  noSpecialCharacters: '不能包含特殊字符',
  nameLength: '最多 15 个字符',
  frequencyChoice: '请选择 3、5 或 10',
  textTooLong: '内容过长',
  serialNumberFormat: '编号错误：请使用 3 到 64 个字母、数字、- 或 _',
  noNulCharacter: '不能包含空字符（NUL）',
  // mold-server
  oneDecimal: '最多一位小数',
  twoDecimals: '最多两位小数',
  notZero: '不能为 0',
  wholeNumber: '请输入整数（0 或以上，不能以 0 开头）',
  range1to500: '请输入 1 到 500 之间的数值',
  temperatureRange: '请输入 {{min}} 到 {{max}} {{unit}} 之间的数值',
  tooLarge: '数值过大',
  moldNumberFormat: '只能使用字母、数字和 _ # / ( )',
  timeZoneChoice: '请从列表中选择时区',
  temperatureOrder: '请按顺序填写通道：从最后已填写的位置开始',
  tooManyChannels: '通道过多',
  cycleThresholdMin: '周期阈值不能小于 60 秒',
  earlyBelowAlert: '预警值必须小于报警值',
  stopAfterIdle: '基础停机时间必须大于基础待机时间',
  oeeRange: '请输入 1 到 100 之间的百分比',
  // org-companies
  tagLength: '最多 32 个字符',
  // roles
  roleNameLength: '最多 32 个字符',
  menuItemUnknown: '菜单项不存在',
  actionNotGrantable: '该菜单项不能授予此操作',
  // users
  roleRequired: '请选择角色',
  moldIdsFormat: '请使用以逗号分隔的模具 ID',
  moldIdsOrChange: '请提供 moldIds 或模具树的勾选变更',
  // work-orders
  orderNoFormat: '只能使用字母、数字和 _ - # / ( )',
  orderNoLength: '最多 32 个字符',
  rejectQuantity: '请输入不小于 1 的整数',
  // map
  latitudeRange: '纬度必须在 -90 到 90 之间',
  longitudeRange: '经度必须在 -180 到 180 之间',
  locationLabelLength: '最多 64 个字符',
  bssidFormat: '请使用 AA:BB:CC:DD:EE:FF 格式的 BSSID',
  accuracyRange: '精度必须在 1 到 5000 米之间',
  // maintenance
  tooManyItems: '项目过多',
  // renewal
  countryCode: '请选择国家',
  renewalPickMoulds: '请至少选择一个模具',
  renewalYears: '请选择 1 到 5 年',
  accountNumberFormat: '请输入有效的账号：6 到 34 位数字或 IBAN',
};

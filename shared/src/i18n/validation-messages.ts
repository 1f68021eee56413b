import type { Language } from './languages.js';

/**
 * Texts of the validation rules (spec §5). The shared zod rules use these keys as their messages;
 * the web shows the text under the field, the server puts it in `msg` after the field name.
 */
const en = {
  passwordEncoding: 'Must be sent base64-encoded',
  required: 'Required',
  accountLength: 'Must be 3 to 32 characters',
  noSpaces: 'Must not contain spaces',
  noChinese: 'Must not contain Chinese characters',
  passwordLength: 'Must be 6 to 16 characters',
  passwordCharset: 'Use letters and digits only, with at least one of each',
  passwordSameAsOld: 'The new password must differ from the old one',
  passwordsDiffer: 'The two passwords do not match',
  codeFormat: 'Must be exactly 6 digits',
  emailFormat: 'Enter a valid e-mail address',
  phoneFormat: 'Use digits, + and - only',
  noSpecialCharacters: 'Must not contain special characters',
  nameLength: 'At most 15 characters',
  frequencyChoice: 'Choose 3, 5 or 10',
  textTooLong: 'Too long',
  serialNumberFormat: 'Number error: use 3 to 64 letters, digits, - or _',
  noNulCharacter: 'Must not contain a NUL character',
  // mold-server
  oneDecimal: 'At most one decimal',
  twoDecimals: 'At most two decimals',
  notZero: 'Cannot be 0',
  wholeNumber: 'Enter a whole number (0 or more, no leading zeros)',
  range1to500: 'Enter a value between 1 and 500',
  tooLarge: 'Too large',
  moldNumberFormat: 'Use letters, digits and _ # / ( ) only',
  timeZoneChoice: 'Choose a time zone from the list',
  temperatureOrder: 'Fill in the channels in order: start from the last filled position',
  tooManyChannels: 'Too many channels',
  cycleThresholdMin: 'The cycle threshold must be at least 60 s',
  earlyBelowAlert: 'The early alert must be less than the alert',
  stopAfterIdle: 'The base stop time must be longer than the base idle time',
  oeeRange: 'Enter a percentage between 1 and 100',
  // org-companies
  tagLength: 'At most 32 characters',
  // roles
  roleNameLength: 'At most 32 characters',
  menuItemUnknown: 'No such menu item',
  actionNotGrantable: 'This menu item cannot grant this action',
  // users
  roleRequired: 'Choose a role',
  moldIdsFormat: 'Use mould ids separated by commas',
} as const;

export type ValidationMessageKey = keyof typeof en;
type Catalog = Record<ValidationMessageKey, string>;

const zh: Catalog = {
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
};

const kor: Catalog = {
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
};

const por: Catalog = {
  passwordEncoding: 'Deve ser enviada codificada em base64',
  required: 'Obrigatório',
  accountLength: 'Deve ter de 3 a 32 caracteres',
  noSpaces: 'Não pode conter espaços',
  noChinese: 'Não pode conter caracteres chineses',
  passwordLength: 'Deve ter de 6 a 16 caracteres',
  passwordCharset: 'Use apenas letras e dígitos, com pelo menos um de cada',
  passwordSameAsOld: 'A nova senha deve ser diferente da antiga',
  passwordsDiffer: 'As duas senhas não coincidem',
  codeFormat: 'Deve ter exatamente 6 dígitos',
  emailFormat: 'Informe um e-mail válido',
  phoneFormat: 'Use apenas dígitos, + e -',
  noSpecialCharacters: 'Não pode conter caracteres especiais',
  nameLength: 'No máximo 15 caracteres',
  frequencyChoice: 'Escolha 3, 5 ou 10',
  textTooLong: 'Muito longo',
  serialNumberFormat: 'Número inválido: use de 3 a 64 letras, dígitos, - ou _',
  noNulCharacter: 'Não pode conter o caractere NUL',
  // mold-server
  oneDecimal: 'No máximo uma casa decimal',
  twoDecimals: 'No máximo duas casas decimais',
  notZero: 'Não pode ser 0',
  wholeNumber: 'Informe um número inteiro (0 ou mais, sem zeros à esquerda)',
  range1to500: 'Informe um valor entre 1 e 500',
  tooLarge: 'Valor muito grande',
  moldNumberFormat: 'Use apenas letras, dígitos e _ # / ( )',
  timeZoneChoice: 'Escolha um fuso horário da lista',
  temperatureOrder: 'Preencha os canais em ordem: comece pela última posição preenchida',
  tooManyChannels: 'Canais demais',
  cycleThresholdMin: 'O limite de ciclo deve ser de pelo menos 60 s',
  earlyBelowAlert: 'O alerta antecipado deve ser menor que o alerta',
  stopAfterIdle: 'O tempo base de parada deve ser maior que o tempo base ocioso',
  oeeRange: 'Informe uma porcentagem entre 1 e 100',
  // org-companies
  tagLength: 'No máximo 32 caracteres',
  // roles
  roleNameLength: 'No máximo 32 caracteres',
  menuItemUnknown: 'Item de menu inexistente',
  actionNotGrantable: 'Este item de menu não pode conceder esta ação',
  // users
  roleRequired: 'Escolha uma função',
  moldIdsFormat: 'Use ids de moldes separados por vírgulas',
};

export const VALIDATION_MESSAGES: Record<Language, Catalog> = { en, zh, kor, por };

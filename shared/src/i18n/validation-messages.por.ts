import type { ValidationMessageCatalog } from './validation-messages.js';

/** The por texts of validation-messages.ts (a module of its own: the console loads only the chosen language). */
export const VALIDATION_MESSAGES_POR: ValidationMessageCatalog = {
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
  temperatureRange: 'Informe um valor entre {{min}} e {{max}} {{unit}}',
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
  moldIdsOrChange: 'Envie moldIds ou a alteração da árvore',
  // work-orders
  orderNoFormat: 'Use apenas letras, dígitos e _ - # / ( )',
  orderNoLength: 'No máximo 32 caracteres',
  rejectQuantity: 'Informe um número inteiro de pelo menos 1',
  // map
  latitudeRange: 'A latitude deve estar entre -90 e 90',
  longitudeRange: 'A longitude deve estar entre -180 e 180',
  locationLabelLength: 'No máximo 64 caracteres',
  bssidFormat: 'Use um BSSID como AA:BB:CC:DD:EE:FF',
  accuracyRange: 'A precisão deve estar entre 1 e 5000 m',
  // maintenance
  tooManyItems: 'Itens demais',
  // renewal
  countryCode: 'Escolha um país',
  renewalPickMoulds: 'Escolha pelo menos um molde',
  renewalYears: 'Escolha de 1 a 5 anos',
  accountNumberFormat: 'Informe um número de conta válido: 6 a 34 dígitos ou um IBAN',
};

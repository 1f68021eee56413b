import { FALLBACK_LANGUAGE, type Language } from './languages.js';

/**
 * Messages the server puts in `msg`. Numbered keys are the spec's; the others are named by meaning.
 * `{name}` placeholders are filled by `serverMessage`.
 */
const en = {
  ok: 'Success',
  networkError: 'Network error',
  loginRequired: 'Please login first',
  alreadyLoggedIn: 'Do not repeat login',
  noPermission: 'No permission',
  notFound: 'Not found',
  invalidInput: 'Invalid input: {detail}',
  loginFailed: 'Wrong account or password',
  accountDisabled: 'This account is disabled',
  tooManyAttempts: 'Too many attempts, please try again in {minutes} minutes',
  tooManyRequests: 'Too many requests, please slow down',
  oldPasswordWrong: 'The old password is wrong',
  passwordSameAsOld: 'The new password must differ from the old one',
  passwordsDiffer: 'The two new passwords do not match',
  passwordChanged: 'Password changed, please log in again',
  loggedIn: 'Login successful',
  loggedOut: 'Logout successful',
  modified: 'Modified successfully',
  deleted: 'Deleted successfully',
  added: 'Added successfully',
  moldNotFound: 'The mould does not exist',
  moldSharedReadOnly: 'This mould is shared by others and cannot be modified',
  requiredIncomplete: 'required information item is incomplete',
  internalError: 'Server error, please try again later',
  '20287': 'You are already logged in',
  '20518': 'Your account has no menu permissions, please contact the administrator',
  '20338': 'Please select at least one mould to share',
  '20450': 'This node cannot be selected',
  '20439': 'This group has no moulds',
  '20440': 'This group contains moulds that cannot be selected',
  '20288': 'Share created',
  '20289': 'Link copied',
  '20282': 'Personal information saved',
} as const;

export type ServerMessageKey = keyof typeof en;
type Catalog = Record<ServerMessageKey, string>;

const zh: Catalog = {
  ok: '成功',
  networkError: '网络错误',
  loginRequired: '请先登录',
  alreadyLoggedIn: '请勿重复登录',
  noPermission: '没有权限',
  notFound: '未找到',
  invalidInput: '输入有误：{detail}',
  loginFailed: '账号或密码错误',
  accountDisabled: '该账号已停用',
  tooManyAttempts: '尝试次数过多，请 {minutes} 分钟后再试',
  tooManyRequests: '请求过于频繁，请稍后再试',
  oldPasswordWrong: '旧密码错误',
  passwordSameAsOld: '新密码不能与旧密码相同',
  passwordsDiffer: '两次输入的新密码不一致',
  passwordChanged: '密码已修改，请重新登录',
  loggedIn: '登录成功',
  loggedOut: '退出成功',
  modified: '修改成功',
  deleted: '删除成功',
  added: '添加成功',
  moldNotFound: '模具不存在',
  moldSharedReadOnly: '该模具为他人分享，不能修改',
  requiredIncomplete: '必填信息不完整',
  internalError: '服务器错误，请稍后再试',
  '20287': '您已登录',
  '20518': '您的账号没有菜单权限，请联系管理员',
  '20338': '请至少选择一个要分享的模具',
  '20450': '该节点不可选择',
  '20439': '该分组下没有模具',
  '20440': '该分组包含不可选择的模具',
  '20288': '分享成功',
  '20289': '链接已复制',
  '20282': '个人信息已保存',
};

const kor: Catalog = {
  ok: '성공',
  networkError: '네트워크 오류',
  loginRequired: '먼저 로그인하세요',
  alreadyLoggedIn: '중복 로그인하지 마세요',
  noPermission: '권한이 없습니다',
  notFound: '찾을 수 없습니다',
  invalidInput: '입력 오류: {detail}',
  loginFailed: '계정 또는 비밀번호가 올바르지 않습니다',
  accountDisabled: '비활성화된 계정입니다',
  tooManyAttempts: '시도 횟수가 너무 많습니다. {minutes}분 후에 다시 시도하세요',
  tooManyRequests: '요청이 너무 많습니다. 잠시 후 다시 시도하세요',
  oldPasswordWrong: '기존 비밀번호가 올바르지 않습니다',
  passwordSameAsOld: '새 비밀번호는 기존 비밀번호와 달라야 합니다',
  passwordsDiffer: '새 비밀번호가 서로 일치하지 않습니다',
  passwordChanged: '비밀번호가 변경되었습니다. 다시 로그인하세요',
  loggedIn: '로그인 성공',
  loggedOut: '로그아웃 성공',
  modified: '수정되었습니다',
  deleted: '삭제되었습니다',
  added: '추가되었습니다',
  moldNotFound: '금형이 존재하지 않습니다',
  moldSharedReadOnly: '다른 사용자가 공유한 금형은 수정할 수 없습니다',
  requiredIncomplete: '필수 정보 항목이 누락되었습니다',
  internalError: '서버 오류입니다. 잠시 후 다시 시도하세요',
  '20287': '이미 로그인되어 있습니다',
  '20518': '계정에 메뉴 권한이 없습니다. 관리자에게 문의하세요',
  '20338': '공유할 금형을 하나 이상 선택하세요',
  '20450': '이 항목은 선택할 수 없습니다',
  '20439': '이 그룹에는 금형이 없습니다',
  '20440': '이 그룹에는 선택할 수 없는 금형이 있습니다',
  '20288': '공유가 생성되었습니다',
  '20289': '링크가 복사되었습니다',
  '20282': '개인 정보가 저장되었습니다',
};

const por: Catalog = {
  ok: 'Sucesso',
  networkError: 'Erro de rede',
  loginRequired: 'Faça login primeiro',
  alreadyLoggedIn: 'Não repita o login',
  noPermission: 'Sem permissão',
  notFound: 'Não encontrado',
  invalidInput: 'Entrada inválida: {detail}',
  loginFailed: 'Conta ou senha incorreta',
  accountDisabled: 'Esta conta está desativada',
  tooManyAttempts: 'Muitas tentativas, tente novamente em {minutes} minutos',
  tooManyRequests: 'Muitas solicitações, aguarde um momento',
  oldPasswordWrong: 'A senha antiga está incorreta',
  passwordSameAsOld: 'A nova senha deve ser diferente da antiga',
  passwordsDiffer: 'As duas novas senhas não coincidem',
  passwordChanged: 'Senha alterada, faça login novamente',
  loggedIn: 'Login realizado',
  loggedOut: 'Sessão encerrada',
  modified: 'Alterado com sucesso',
  deleted: 'Excluído com sucesso',
  added: 'Adicionado com sucesso',
  moldNotFound: 'O molde não existe',
  moldSharedReadOnly: 'Este molde foi compartilhado por outra pessoa e não pode ser alterado',
  requiredIncomplete: 'Há campos obrigatórios não preenchidos',
  internalError: 'Erro no servidor, tente novamente mais tarde',
  '20287': 'Você já está conectado',
  '20518': 'Sua conta não tem permissões de menu; contate o administrador',
  '20338': 'Selecione pelo menos um molde para compartilhar',
  '20450': 'Este item não pode ser selecionado',
  '20439': 'Este grupo não tem moldes',
  '20440': 'Este grupo contém moldes que não podem ser selecionados',
  '20288': 'Compartilhamento criado',
  '20289': 'Link copiado',
  '20282': 'Informações pessoais salvas',
};

export const SERVER_MESSAGES: Record<Language, Catalog> = { en, zh, kor, por };

/** The message in the language, with `{name}` placeholders filled. */
export function serverMessage(
  language: Language | undefined,
  key: ServerMessageKey,
  values: Record<string, string | number> = {},
): string {
  const template = SERVER_MESSAGES[language ?? FALLBACK_LANGUAGE][key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

/** Numbered spec keys travel as `key` in the envelope. */
export function isNumberedKey(key: ServerMessageKey): boolean {
  return /^\d+$/.test(key);
}

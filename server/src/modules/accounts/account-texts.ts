import type { Language } from '@mouldwatch/shared';
import { fillShareText } from '../sharing/share-texts.js';
import type { CodePurpose } from './account-codes.js';

/** The words of the account mails and SMS, per language (server-only); `{name}` placeholders are filled. */
interface AccountTexts {
  codeSubject: string;
  activateCode: string;
  resetCode: string;
  codeRules: string;
  notYou: string;
  sms: string;
  signUpSubject: string;
  nameTaken: string;
  addressTaken: string;
  resetSubject: string;
  resetDone: string;
}

const TEXTS: Record<Language, AccountTexts> = {
  en: {
    codeSubject: 'Your Mouldwatch verification code',
    activateCode: 'Your code to activate the account {username} is {code}.',
    resetCode: 'Your code to set a new password for the account {username} is {code}.',
    codeRules: 'It is valid for 10 minutes and works once.',
    notYou: 'If you did not ask for it, ignore this message.',
    sms: '[Mouldwatch] Your verification code is {code}; valid for 10 minutes.',
    signUpSubject: 'Your Mouldwatch sign-up',
    nameTaken: 'The account name {username} is already taken: please sign up again with another name.',
    addressTaken:
      'An account already uses this address. Log in, or use "Forgot password" on the login page to set a new password.',
    resetSubject: 'Your Mouldwatch password was changed',
    resetDone:
      'The password of the account {username} was set anew with a verification code at {time} (UTC), and every session was logged out. If this was not you, tell your administrator at once.',
  },
  zh: {
    codeSubject: '您的 Mouldwatch 验证码',
    activateCode: '激活账号 {username} 的验证码是 {code}。',
    resetCode: '为账号 {username} 设置新密码的验证码是 {code}。',
    codeRules: '验证码 10 分钟内有效，只能使用一次。',
    notYou: '如果不是您本人操作，请忽略此邮件。',
    sms: '【Mouldwatch】您的验证码是 {code}，10 分钟内有效。',
    signUpSubject: '您的 Mouldwatch 注册',
    nameTaken: '账号名 {username} 已被使用，请换一个名称重新注册。',
    addressTaken: '已有账号使用此地址。请直接登录，或在登录页使用“忘记密码”设置新密码。',
    resetSubject: '您的 Mouldwatch 密码已更改',
    resetDone:
      '账号 {username} 的密码已于 {time}（UTC）通过验证码重新设置，所有会话均已退出。如果不是您本人操作，请立即联系管理员。',
  },
  kor: {
    codeSubject: 'Mouldwatch 인증 코드',
    activateCode: '계정 {username}을(를) 활성화하는 코드는 {code}입니다.',
    resetCode: '계정 {username}의 새 비밀번호를 설정하는 코드는 {code}입니다.',
    codeRules: '코드는 10분 동안 유효하며 한 번만 사용할 수 있습니다.',
    notYou: '요청하지 않았다면 이 메시지를 무시하세요.',
    sms: '[Mouldwatch] 인증 코드는 {code}입니다. 10분 동안 유효합니다.',
    signUpSubject: 'Mouldwatch 가입',
    nameTaken: '계정 이름 {username}은(는) 이미 사용 중입니다. 다른 이름으로 다시 가입하세요.',
    addressTaken:
      '이 주소를 사용하는 계정이 이미 있습니다. 로그인하거나 로그인 페이지의 "비밀번호 찾기"로 새 비밀번호를 설정하세요.',
    resetSubject: 'Mouldwatch 비밀번호가 변경되었습니다',
    resetDone:
      '계정 {username}의 비밀번호가 {time}(UTC)에 인증 코드로 새로 설정되었고 모든 세션이 로그아웃되었습니다. 본인이 아니라면 즉시 관리자에게 알리세요.',
  },
  por: {
    codeSubject: 'Seu código de verificação do Mouldwatch',
    activateCode: 'Seu código para ativar a conta {username} é {code}.',
    resetCode: 'Seu código para definir uma nova senha da conta {username} é {code}.',
    codeRules: 'Ele vale por 10 minutos e funciona uma vez.',
    notYou: 'Se você não pediu, ignore esta mensagem.',
    sms: '[Mouldwatch] Seu código de verificação é {code}; vale por 10 minutos.',
    signUpSubject: 'Seu cadastro no Mouldwatch',
    nameTaken: 'O nome de conta {username} já está em uso: cadastre-se de novo com outro nome.',
    addressTaken:
      'Uma conta já usa este endereço. Entre, ou use "Esqueci a senha" na página de login para definir uma nova senha.',
    resetSubject: 'Sua senha do Mouldwatch foi alterada',
    resetDone:
      'A senha da conta {username} foi redefinida com um código de verificação em {time} (UTC), e todas as sessões foram encerradas. Se não foi você, avise seu administrador imediatamente.',
  },
};

export interface Message {
  subject: string;
  text: string;
}

/** The e-mail carrying a code. */
export function codeMail(language: Language, purpose: CodePurpose, username: string, code: string): Message {
  const texts = TEXTS[language];
  const line = purpose === 'activate' ? texts.activateCode : texts.resetCode;
  return {
    subject: texts.codeSubject,
    text: [fillShareText(line, { username, code }), texts.codeRules, '', texts.notYou].join('\n'),
  };
}

/** The SMS carrying a code. */
export function codeSms(language: Language, code: string): string {
  return fillShareText(TEXTS[language].sms, { code });
}

/** The answer to a sign-up whose account name or address is taken, sent to the address it named. */
export function signUpRefusedMail(language: Language, reason: 'nameTaken' | 'addressTaken', username: string): Message {
  const texts = TEXTS[language];
  return { subject: texts.signUpSubject, text: fillShareText(texts[reason], { username }) };
}

/** The notice to the account's address after its password was reset with a code. */
export function passwordResetMail(language: Language, username: string, at: Date): Message {
  const texts = TEXTS[language];
  const time = at.toISOString().slice(0, 16).replace('T', ' ');
  return { subject: texts.resetSubject, text: fillShareText(texts.resetDone, { username, time }) };
}

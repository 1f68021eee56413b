import type { Language } from '@mouldwatch/shared';

/**
 * The words of the share invitation e-mail, per language (server-only). `{name}` placeholders are
 * filled by fillShareText().
 */
export interface ShareTexts {
  subject: string;
  intro: string;
  newAccount: string;
  existingAccount: string;
  open: string;
  expires: string;
}

const TEXTS: Record<Language, ShareTexts> = {
  en: {
    subject: '{sharer} shared {count} mould(s) with you on Mouldwatch',
    intro: '{sharer} ({email}) shared these moulds with you:',
    newAccount: 'Open the link to set your password for the account {username}; you will then see the moulds.',
    existingAccount: 'Open the link and log in as {username} to see them.',
    open: 'Open the shared moulds',
    expires: 'The link works once and expires on {date} (UTC).',
  },
  zh: {
    subject: '{sharer} 在 Mouldwatch 上与您分享了 {count} 个模具',
    intro: '{sharer}（{email}）与您分享了以下模具：',
    newAccount: '打开链接为账号 {username} 设置密码，之后即可查看这些模具。',
    existingAccount: '打开链接并以 {username} 登录即可查看。',
    open: '查看分享的模具',
    expires: '该链接只能使用一次，于 {date}（UTC）过期。',
  },
  kor: {
    subject: '{sharer}님이 Mouldwatch에서 금형 {count}개를 공유했습니다',
    intro: '{sharer}({email})님이 다음 금형을 공유했습니다:',
    newAccount: '링크를 열어 계정 {username}의 비밀번호를 설정하면 금형을 볼 수 있습니다.',
    existingAccount: '링크를 열고 {username}(으)로 로그인하면 볼 수 있습니다.',
    open: '공유된 금형 열기',
    expires: '이 링크는 한 번만 사용할 수 있으며 {date}(UTC)에 만료됩니다.',
  },
  por: {
    subject: '{sharer} compartilhou {count} molde(s) com você no Mouldwatch',
    intro: '{sharer} ({email}) compartilhou estes moldes com você:',
    newAccount: 'Abra o link para definir a senha da conta {username}; depois você verá os moldes.',
    existingAccount: 'Abra o link e entre como {username} para vê-los.',
    open: 'Abrir os moldes compartilhados',
    expires: 'O link funciona uma vez e expira em {date} (UTC).',
  },
};

export function shareTexts(language: Language): ShareTexts {
  return TEXTS[language];
}

export function fillShareText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The invitation as plain text and HTML (every value escaped). */
export function invitationMessage(
  language: Language,
  values: {
    sharer: string;
    sharerEmail: string;
    username: string;
    newAccount: boolean;
    molds: ReadonlyArray<{ name: string; mold_number: string }>;
    link: string;
    expiresAt: Date;
  },
): { subject: string; text: string; html: string } {
  const texts = shareTexts(language);
  const fill = (template: string) =>
    fillShareText(template, {
      sharer: values.sharer,
      email: values.sharerEmail,
      username: values.username,
      count: values.molds.length,
      date: values.expiresAt.toISOString().slice(0, 16).replace('T', ' '),
    });
  const lines = values.molds.map((mold) => (mold.mold_number ? `${mold.name} (${mold.mold_number})` : mold.name));
  const how = fill(values.newAccount ? texts.newAccount : texts.existingAccount);
  const text = [
    fill(texts.intro),
    ...lines.map((line) => `- ${line}`),
    '',
    how,
    values.link,
    '',
    fill(texts.expires),
  ].join('\n');
  const html = [
    `<p>${escapeHtml(fill(texts.intro))}</p>`,
    `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(how)}</p>`,
    `<p><a href="${escapeHtml(values.link)}">${escapeHtml(texts.open)}</a></p>`,
    `<p>${escapeHtml(fill(texts.expires))}</p>`,
  ].join('\n');
  return { subject: fill(texts.subject), text, html };
}

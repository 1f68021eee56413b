import { describe, expect, it } from 'vitest';
import { LANGUAGES, chooseLanguage, parseLanguage } from './languages.js';
import { SERVER_MESSAGES, serverMessage } from './server-messages.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

describe('language choice', () => {
  it('prefers the stored preference', () => {
    expect(chooseLanguage('ko_KR', ['zh-CN'])).toBe('kor');
    expect(chooseLanguage('por', [])).toBe('por');
  });
  it('falls back to the first browser language among zh-CN, en, ko and pt', () => {
    expect(chooseLanguage(null, ['fr-FR', 'zh-CN', 'en'])).toBe('zh');
    expect(chooseLanguage(undefined, ['pt-BR'])).toBe('por');
    expect(chooseLanguage(undefined, ['ko'])).toBe('kor');
    expect(chooseLanguage(undefined, ['en-GB'])).toBe('en');
  });
  it('falls back to English for anything else, Traditional Chinese included', () => {
    expect(chooseLanguage(undefined, ['fr-FR', 'de'])).toBe('en');
    expect(chooseLanguage('xx', ['zh-TW'])).toBe('en');
    expect(chooseLanguage(undefined, [])).toBe('en');
  });
  it('reads the API codes and the language pack keys', () => {
    expect(['zh_CN', 'en_US', 'ko_KR', 'pt'].map(parseLanguage)).toEqual(['zh', 'en', 'kor', 'por']);
    expect(['zh', 'en', 'kor', 'por'].map(parseLanguage)).toEqual(['zh', 'en', 'kor', 'por']);
    expect(parseLanguage('fr')).toBeUndefined();
  });
});

describe('message catalogs', () => {
  it.each([
    ['server', SERVER_MESSAGES],
    ['validation', VALIDATION_MESSAGES],
  ] as const)('%s messages have every key, non-empty, in every language', (_, catalogs) => {
    const keys = Object.keys(catalogs.en).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(catalogs[language]).sort(), language).toEqual(keys);
      for (const text of Object.values(catalogs[language])) expect(text.trim()).not.toBe('');
    }
  });
  it('fills placeholders', () => {
    expect(serverMessage('en', 'tooManyAttempts', { minutes: 5 })).toBe(
      'Too many attempts, please try again in 5 minutes',
    );
    expect(serverMessage(undefined, 'noPermission')).toBe('No permission');
  });
});

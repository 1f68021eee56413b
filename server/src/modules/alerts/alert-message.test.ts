import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@mouldwatch/shared';
import { composeAlert, type Recipient } from './alert-message.js';
import type { NoticeRow } from './alerts.repository.js';

const links = {
  base: 'https://mw.example.com',
  unsubscribePage: 'https://mw.example.com/unsubscribeinfo?lang=en&api=x',
};
const recipient: Recipient = {
  name: 'Ana',
  language: 'en',
  zone: 'America/Sao_Paulo',
  unit: 'C',
  frequency: 5,
  period: 'weekly',
};

let id = 0;
const notice = (alarmType: number, content: Record<string, unknown>): NoticeRow => ({
  id: (id += 1),
  user_id: 1,
  alarm_type: alarmType,
  unique_str: `u${id}`,
  mold_id: 7,
  mold_name: 'Cap',
  mold_number: 'M-7',
  content: JSON.stringify(content),
  is_read: false,
  created_at: new Date('2026-07-01T12:30:00Z'),
});

describe('an alert message', () => {
  it('says what each kind of alarm is about, on the recipient’s wall clock, with its page', () => {
    const rows = [
      notice(5, { value: 12, power: 12 }),
      notice(4, { value: 900 }),
      notice(1, { temp_name: 'PM', value: -20, bound: 0, level: 'alert' }),
      notice(2, { value: 31.456, bound: 30, level: 'early', escalation: 1 }),
      notice(3, { temp_name: 'HR2', value: 230, bound: 220, level: 'alert' }),
    ];
    const { text, html, sms, subject } = composeAlert(recipient, rows, 5, false, links);
    expect(subject).toBe('Mouldwatch: 5 new alarms');
    expect(text).toContain('- 2026-07-01 09:30  Power  M-7 Cap  Battery at 12%, please charge it');
    expect(text).toContain(
      'Offline  M-7 Cap  Device network disconnected\n  https://mw.example.com/alarm/network?unique_str=u2',
    );
    expect(text).toContain('Maintenance  M-7 Cap  PM -20 remaining (bound 0 remaining) Alert');
    expect(text).toContain('Cycle time  M-7 Cap  31.46 s (bound 30 s) Early alert (still open, sent again)');
    expect(text).toContain('Temperature  M-7 Cap  HR2 230.0 °C (bound 220.0 °C) Alert');
    // Power alarms are on the network page.
    expect(text).toContain('https://mw.example.com/alarm/network?unique_str=u1');
    expect(text).toContain('at most 5 alert messages a week');
    expect(html).toContain('href="https://mw.example.com/alarm/temperature?unique_str=u5"');
    expect(sms).toMatch(/^Mouldwatch: 5 alarms\. Power M-7 Cap Battery at 12%, please charge it\. https:\/\/mw/);
  });

  it('says a maintenance alarm in its unit, as the schedule does, in the four languages', () => {
    const detail = (language: Recipient['language'], content: Record<string, unknown>) => {
      const { text, sms } = composeAlert({ ...recipient, language }, [notice(1, content)], 1, false, links);
      const line = text.split('\n').find((entry) => entry.startsWith('- '))!;
      expect(sms).toContain(line.split('  ').slice(2).join(' '));
      return line.split('  ').slice(3).join('  ');
    };
    const over = { temp_name: 'Clean vents', value: -1486, bound: 0, level: 'alert', unit: 'cycles' };
    expect(detail('en', over)).toBe('Clean vents 1,486 cycles over Alert');
    expect(detail('zh', over)).toBe('Clean vents 超出 1,486 模次 报警');
    expect(detail('kor', over)).toBe('Clean vents 1,486 사이클 초과 알람');
    expect(detail('por', over)).toBe('Clean vents 1.486 ciclos em atraso Alerta');
    const soon = { temp_name: 'Grease', value: 3, bound: 0, level: 'early', unit: 'days' };
    expect(detail('en', soon)).toBe('Grease 3 days left Early alert');
    expect(detail('en', { ...soon, value: 1 })).toBe('Grease 1 day left Early alert');
    expect(detail('en', { ...soon, value: -1, level: 'alert' })).toBe('Grease 1 day over Alert');
    expect(detail('por', { ...soon, value: 1 })).toBe('Grease 1 dia restante Alerta antecipado');
    expect(detail('kor', { ...soon, value: -3 })).toBe('Grease 3일 초과 조기 경보');
  });

  it('is written in each of the four languages, digest included', () => {
    const rows = [notice(3, { temp_name: 'T1', value: 50, bound: 45, level: 'alert' })];
    const subjects = LANGUAGES.map(
      (language) => composeAlert({ ...recipient, language }, rows, 1, true, links).subject,
    );
    expect(new Set(subjects).size).toBe(4);
    expect(subjects).toContain('Mouldwatch digest: 1 alarms');
    expect(subjects).toContain('Mouldwatch 汇总：1 条报警');
  });

  it('shows a content that does not parse as the bare alarm, without failing', () => {
    const row = { ...notice(3, {}), content: 'not json' };
    expect(composeAlert(recipient, [row], 1, false, links).text).toContain('Temperature  M-7 Cap');
  });
});

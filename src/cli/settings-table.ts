// The README's settings table, rendered from the one declaration of the settings (config.ts).
import { SETTINGS, type SettingName } from '../config.js';

const code = (s: string) => `\`${s}\``;

export function settingsTable(): string {
  const rows = (Object.keys(SETTINGS) as SettingName[]).map((name) => {
    const s = SETTINGS[name] as (typeof SETTINGS)[SettingName] & { shownDefault?: string };
    const shown = s.shownDefault ?? s.default ?? 'none';
    return `| ${s.flag ? code(s.flag.spec) : '—'} | ${code(s.env)} | ${code(shown)} | ${s.help} |`;
  });
  return ['| flag | environment | default | meaning |', '|---|---|---|---|', ...rows].join('\n');
}

// Note and follow-up templates: {{first_name}}, {{last_name}}, {{company}}.
export const MAX_NOTE_LENGTH = 300;

export interface TemplateFacts {
  first_name: string | null;
  last_name: string | null;
  company: string | null;
}

const PLACEHOLDER = /\{\{\s*(first_name|last_name|company)\s*\}\}/g;

/** Unknown placeholders are left as written (so a typo shows); missing facts render empty. */
export function renderTemplate(template: string, facts: TemplateFacts): string {
  return template.replace(PLACEHOLDER, (_, name: keyof TemplateFacts) => facts[name] ?? '').replace(/ {2,}/g, ' ').trim();
}

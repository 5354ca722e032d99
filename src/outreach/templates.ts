// Note and follow-up templates: {{first_name}}, {{last_name}}, {{company}}.
export const MAX_NOTE_LENGTH = 300;
/** A follow-up message's limit, in characters (the console's field size). */
export const MAX_MESSAGE_LENGTH = 5000;

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

/** The template's own text: every placeholder rendered empty (the part no lead's facts can shorten). */
export function fixedText(template: string): string {
  return renderTemplate(template, { first_name: null, last_name: null, company: null });
}

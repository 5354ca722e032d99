// Configuring a campaign: senders, the invitation note (with a live count against the network's
// limit), the follow-up steps and their delays, and the workspace's caps and working hours (admins). The
// service checks every rule; a refused field gets its message beside it and nothing is saved.
import { useState } from 'preact/hooks';
import { api, describe, fieldErrors } from '../api';
import { type Campaign, type CampaignChanges, type Limits } from './types';

const PLACEHOLDER = /\{\{\s*(first_name|last_name|company)\s*\}\}/g;
/** What counts against the limit before a lead's facts are filled in (the service counts the same way). */
const ownLength = (template: string) => template.replace(PLACEHOLDER, '').replace(/ {2,}/g, ' ').trim().length;

/** Follow-up steps in all (the first, then at most this many less one further steps); the service checks it too. */
const MAX_STEPS = 5;
const MESSAGE_LIMIT = 5000;

/** A further step as the form edits it: the delay stays text until saved, so a half-typed number is kept. */
interface StepDraft {
  template: string;
  delay: string;
}

const LIMIT_FIELDS: [keyof Limits, string][] = [
  ['daily_invitations', 'Invitations per sender per day'],
  ['weekly_invitations', 'Invitations per sender per 7 days'],
  ['daily_messages', 'Messages per sender per day'],
  ['work_start_hour', 'Working hours start (hour)'],
  ['work_end_hour', 'Working hours end (hour)'],
];

function FieldError({ name, errors }: { name: string; errors: Record<string, string> }) {
  return errors[name] ? <span id={`error-${name}`} class="error field-error" role="alert">{errors[name]}</span> : null;
}

const invalid = (name: string, errors: Record<string, string>) => (errors[name] ? { 'aria-invalid': true, 'aria-describedby': `error-${name}` } : {});

export function CampaignForm({ campaign, isAdmin, onSaved }: { campaign: Campaign; isAdmin: boolean; onSaved: (c: Campaign) => void }) {
  const [note, setNote] = useState(campaign.settings.note_template ?? '');
  const [steps, setSteps] = useState<StepDraft[]>((campaign.settings.follow_ups ?? []).map((x) => ({ template: x.template, delay: String(x.delay_hours) })));
  const changeStep = (i: number, change: Partial<StepDraft>) => setSteps(steps.map((x, j) => (j === i ? { ...x, ...change } : x)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const length = ownLength(note);
  const save = async (e: Event) => {
    e.preventDefault();
    const f = new FormData(e.target as HTMLFormElement);
    const text = (name: string) => String(f.get(name) ?? '');
    const int = (name: string) => (text(name).trim() === '' ? Number.NaN : Number(text(name)));
    const body: CampaignChanges = {
      participant_ids: f.getAll('participant_ids').map(String),
      note_template: note.trim() === '' ? null : note,
      follow_up_template: text('follow_up_template').trim() === '' ? null : text('follow_up_template'),
      follow_up_delay_hours: int('follow_up_delay_hours'),
      follow_ups: steps.map((x) => ({ template: x.template, delay_hours: x.delay.trim() === '' ? Number.NaN : Number(x.delay) })),
      sender_policy: text('sender_policy') as CampaignChanges['sender_policy'],
      ...(isAdmin ? { limits: Object.fromEntries(LIMIT_FIELDS.map(([name]) => [name, int(name)])) } : {}),
    };
    const { data, error } = await api.PATCH('/app/api/campaigns/{campaign_id}', { params: { path: { campaign_id: campaign.id } }, body });
    setErrors(data ? {} : fieldErrors(error));
    setMessage(data ? 'Saved' : Object.keys(fieldErrors(error)).length ? 'Not saved: see the marked fields' : describe(error));
    if (data) onSaved(data);
  };
  return (
    <form onSubmit={save} aria-label="Campaign settings" class="campaign-form" noValidate>
      <fieldset>
        <legend>Senders</legend>
        {campaign.members.map((m) => (
          <label class="check">
            <input type="checkbox" name="participant_ids" value={m.id} defaultChecked={campaign.participant_ids.includes(m.id)} />
            {m.name ?? m.email} <small>{m.name ? `${m.email} · ` : ''}{m.time_zone} · {m.integration_status}</small>
          </label>
        ))}
        <FieldError name="participant_ids" errors={errors} />
        <p class="hint">Working hours apply in each sender's own time zone (set per member).</p>
      </fieldset>
      <fieldset>
        <legend>Messages</legend>
        <label>
          Invitation note
          <textarea name="note_template" rows={4} value={note} onInput={(e) => setNote((e.target as HTMLTextAreaElement).value)} {...invalid('note_template', errors)} aria-describedby={errors.note_template ? 'error-note_template note-count' : 'note-count'} />
        </label>
        <p id="note-count" class={length > campaign.note_limit ? 'error' : 'hint'} aria-live="polite" data-testid="note-count">
          {length} / {campaign.note_limit} characters{length > campaign.note_limit ? ` — ${length - campaign.note_limit} over the network's limit` : ''} (placeholders {'{{first_name}}'}, {'{{last_name}}'}, {'{{company}}'} are filled in per lead and not counted)
        </p>
        <FieldError name="note_template" errors={errors} />
        <label>
          Follow-up message after acceptance
          <textarea name="follow_up_template" rows={3} defaultValue={campaign.settings.follow_up_template ?? ''} {...invalid('follow_up_template', errors)} />
        </label>
        <FieldError name="follow_up_template" errors={errors} />
        <label>
          Follow-up delay (hours after acceptance)
          <input type="number" name="follow_up_delay_hours" defaultValue={String(campaign.settings.follow_up_delay_hours)} {...invalid('follow_up_delay_hours', errors)} />
        </label>
        <FieldError name="follow_up_delay_hours" errors={errors} />
        {steps.map((step, i) => {
          const n = i + 2;
          return (
            <fieldset class="follow-up-step" aria-label={`Follow-up step ${n}`}>
              <legend>Follow-up step {n}</legend>
              <label>
                Step {n} message
                <textarea rows={3} value={step.template} onInput={(e) => changeStep(i, { template: (e.target as HTMLTextAreaElement).value })} {...invalid(`follow_ups.${i}.template`, errors)} />
              </label>
              <p class={step.template.length > MESSAGE_LIMIT ? 'error' : 'hint'} aria-live="polite" data-testid={`step-${n}-count`}>
                {step.template.length} / {MESSAGE_LIMIT} characters
              </p>
              <FieldError name={`follow_ups.${i}.template`} errors={errors} />
              <label>
                Step {n} delay (hours after step {n - 1})
                <input type="number" value={step.delay} onInput={(e) => changeStep(i, { delay: (e.target as HTMLInputElement).value })} {...invalid(`follow_ups.${i}.delay_hours`, errors)} />
              </label>
              <FieldError name={`follow_ups.${i}.delay_hours`} errors={errors} />
              <button type="button" onClick={() => setSteps(steps.filter((_, j) => j !== i))}>Remove step {n}</button>
            </fieldset>
          );
        })}
        <FieldError name="follow_ups" errors={errors} />
        <button type="button" disabled={steps.length >= MAX_STEPS - 1} onClick={() => setSteps([...steps, { template: '', delay: '72' }])}>
          Add a follow-up step
        </button>
        <label>
          Sender choice
          <select name="sender_policy" defaultValue={campaign.settings.sender_policy}>
            <option value="WARM_FIRST">Warm first (connected or engaged sender)</option>
            <option value="CAPACITY">By capacity only</option>
          </select>
        </label>
      </fieldset>
      <fieldset disabled={!isAdmin}>
        <legend>Caps and working hours (the workspace's; every campaign){isAdmin ? '' : ' — admins change them'}</legend>
        <div class="filters">
          {LIMIT_FIELDS.map(([name, label]) => (
            <div>
              <label>
                {label}
                <input type="number" name={name} defaultValue={String(campaign.limits[name])} {...invalid(`limits.${name}`, errors)} />
              </label>
              <FieldError name={`limits.${name}`} errors={errors} />
            </div>
          ))}
        </div>
      </fieldset>
      <button type="submit">Save settings</button>
      {message && <p role="status">{message}</p>}
    </form>
  );
}

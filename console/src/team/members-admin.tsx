// The admin's part of the Team page: adding a member, and a one-time sign-in link for a member with
// the role it grants. The link is shown once (only its hash is stored), like an API key.
import { useState } from 'preact/hooks';
import { api, describe, fieldErrors } from '../api';

export function AddMember({ onAdded }: { onAdded: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const add = async (e: Event) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const f = new FormData(form);
    const text = (name: string) => String(f.get(name) ?? '').trim() || undefined;
    const { data, error } = await api.POST('/app/api/team/members', { body: { email: text('email') ?? '', first_name: text('first_name'), last_name: text('last_name'), time_zone: text('time_zone') } });
    setErrors(data ? {} : fieldErrors(error));
    setMessage(data ? `Added ${data.id}` : Object.keys(fieldErrors(error)).length ? '' : describe(error));
    if (data) {
      form.reset();
      onAdded();
    }
  };
  const field = (name: string, label: string) => (
    <label>
      {label} <input name={name} aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `${name}-error` : undefined} />
      {errors[name] && <span id={`${name}-error`} role="alert" class="error field-error">{errors[name]}</span>}
    </label>
  );
  return (
    <form onSubmit={add} class="row" aria-label="Add a member" noValidate>
      {field('email', 'Email')}
      {field('first_name', 'First name')}
      {field('last_name', 'Last name')}
      {field('time_zone', 'Time zone (IANA, e.g. Europe/Berlin)')}
      <button type="submit">Add member</button>
      {message && <span role="status" data-testid="add-member-result">{message}</span>}
    </form>
  );
}

export function SignInLink({ memberId, label, role, onDone }: { memberId: string; label: string; role: 'admin' | 'member' | null; onDone: (error: string) => void }) {
  const [chosen, setChosen] = useState<'admin' | 'member'>(role ?? 'member');
  const [link, setLink] = useState<{ url: string; expires_at: string } | null>(null);
  const make = async () => {
    const { data, error } = await api.POST('/app/api/team/{member_id}/invite', { params: { path: { member_id: memberId } }, body: { role: chosen } });
    setLink(data ?? null);
    onDone(data ? '' : describe(error));
  };
  return (
    <span class="row">
      <label>Role of {label} <select value={chosen} onChange={(e) => setChosen((e.target as HTMLSelectElement).value as 'admin' | 'member')}><option value="member">member</option><option value="admin">admin</option></select></label>
      <button type="button" aria-label={`Make a sign-in link for ${label}`} onClick={make}>Sign-in link</button>
      {link && <label>Sign-in link for {label}, shown once (expires {link.expires_at.slice(0, 16).replace('T', ' ')} UTC) <input readOnly value={link.url} data-testid="sign-in-link" /></label>}
    </span>
  );
}

/** A member's time zone, edited by the member or an admin; an unknown zone is refused beside the field. */
export function TimeZoneControl({ memberId, label, zone, onDone }: { memberId: string; label: string; zone: string; onDone: () => void }) {
  const [value, setValue] = useState(zone);
  const [error, setError] = useState('');
  const id = `tz-${memberId}`;
  const save = async (e: Event) => {
    e.preventDefault();
    const { data, error: refused } = await api.PUT('/app/api/team/{member_id}/time-zone', { params: { path: { member_id: memberId } }, body: { time_zone: value.trim() } });
    setError(data ? '' : (fieldErrors(refused).time_zone ?? describe(refused)));
    if (data) onDone();
  };
  return (
    <form onSubmit={save} class="row" aria-label={`Time zone of ${label}`} noValidate>
      <label>Time zone of {label} <input value={value} onInput={(e) => setValue((e.target as HTMLInputElement).value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} /></label>
      <button type="submit">Save time zone</button>
      {error && <span id={`${id}-error`} role="alert" class="error field-error">{error}</span>}
    </form>
  );
}

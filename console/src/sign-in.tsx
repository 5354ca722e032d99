import { useState } from 'preact/hooks';
import { api, describe, type Session } from './api';

export function SignIn({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const [error, setError] = useState('');
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = new FormData(e.target as HTMLFormElement);
    const { data, error } = await api.POST('/app/api/sign-in', { body: { email: String(form.get('email')), password: String(form.get('password')) } });
    if (data) onSignedIn(data);
    else setError(describe(error));
  };
  return (
    <main class="narrow">
      <h1>Sign in to Warmline</h1>
      <form onSubmit={submit}>
        <label>Email <input name="email" type="email" autocomplete="username" required /></label>
        <label>Password <input name="password" type="password" autocomplete="current-password" required /></label>
        {error && <p role="alert" class="error">{error}</p>}
        <button type="submit">Sign in</button>
      </form>
    </main>
  );
}

export function SetPassword({ token }: { token: string }) {
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    const password = String(new FormData(e.target as HTMLFormElement).get('password'));
    const { error, response } = await api.POST('/app/api/password', { body: { token, password } });
    setMessage(response.ok ? { ok: true, text: 'Your password is set. You can sign in now.' } : { ok: false, text: describe(error) });
  };
  return (
    <main class="narrow">
      <h1>Set your password</h1>
      <form onSubmit={submit}>
        <label>New password (at least 10 characters) <input name="password" type="password" autocomplete="new-password" required /></label>
        {message && <p role={message.ok ? 'status' : 'alert'} class={message.ok ? '' : 'error'}>{message.text}</p>}
        <button type="submit">Set password</button>
      </form>
      {message?.ok && <a href="#/sign-in">Go to sign-in</a>}
    </main>
  );
}

// Target accounts: company slugs or ids whose people are account-based leads (what `warmline
// accounts add|remove|list` manages). A bad value is refused beside the field; nothing is saved.
import { useEffect, useState } from 'preact/hooks';
import { api, describe } from '../api';

export function TargetAccounts() {
  const [accounts, setAccounts] = useState<string[]>([]);
  const [error, setError] = useState('');
  const load = () => api.GET('/app/api/settings/target-accounts').then(({ data, error }) => (data ? setAccounts(data) : setError(describe(error))));
  useEffect(() => void load(), []);
  const add = async (e: Event) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const { data, error } = await api.POST('/app/api/settings/target-accounts', { body: { value: String(new FormData(form).get('value') ?? '') } });
    if (!data) {
      const detail = (error as { detail?: unknown } | undefined)?.detail;
      return setError(Array.isArray(detail) ? detail.map((d: { msg: string }) => d.msg).join('; ') : describe(error));
    }
    setError('');
    form.reset();
    await load();
  };
  const remove = async (value: string) => {
    const { error, response } = await api.DELETE('/app/api/settings/target-accounts/{value}', { params: { path: { value } } });
    setError(response.ok ? '' : describe(error));
    await load();
  };
  return (
    <section aria-labelledby="accounts-title">
      <h2 id="accounts-title">Target accounts</h2>
      <p>People at these companies are account-based leads.</p>
      <ul data-testid="target-accounts">
        {accounts.length === 0 && <li>None yet.</li>}
        {accounts.map((a) => <li key={a} data-account={a}>{a} <button type="button" aria-label={`Remove target account ${a}`} onClick={() => remove(a)}>Remove</button></li>)}
      </ul>
      <form onSubmit={add} noValidate class="row">
        <label>Company slug or id
          <input name="value" required maxLength={200} aria-invalid={error ? true : undefined} aria-describedby={error ? 'accounts-error' : undefined} />
          {error && <span id="accounts-error" class="error" role="alert">{error}</span>}
        </label>
        <button type="submit">Add target account</button>
      </form>
    </section>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { api, describe, type ApiKey } from './api';

export function Keys() {
  const [keys, setKeys] = useState<ApiKey[]>([]);
  const [shown, setShown] = useState('');
  const [error, setError] = useState('');
  const load = () => api.GET('/app/api/keys').then(({ data, error }) => (data ? setKeys(data) : setError(describe(error))));
  useEffect(() => void load(), []);
  const create = async (e: Event) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const { data, error } = await api.POST('/app/api/keys', { body: { name: String(new FormData(form).get('name')) } });
    if (!data) return setError(describe(error));
    setShown(data.key);
    form.reset();
    await load();
  };
  const revoke = async (id: string) => {
    const { error, response } = await api.DELETE('/app/api/keys/{key_id}', { params: { path: { key_id: id } } });
    if (!response.ok) setError(describe(error));
    await load();
  };
  return (
    <section>
      <h1>API keys</h1>
      <form onSubmit={create} class="row">
        <label>Key name <input name="name" required maxLength={100} /></label>
        <button type="submit">Create key</button>
      </form>
      {shown && <p role="status">New key (shown once, copy it now): <code data-testid="new-key">{shown}</code></p>}
      {error && <p role="alert" class="error">{error}</p>}
      <table>
        <caption>Keys of this workspace</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Created</th><th scope="col">State</th></tr></thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id}>
              <td>{k.name}</td><td><code>{k.prefix}…</code></td><td>{k.created_at.slice(0, 10)}</td>
              <td>{k.revoked_at ? `revoked ${k.revoked_at.slice(0, 10)}` : <button type="button" aria-label={`Revoke key ${k.name ?? k.prefix}`} onClick={() => revoke(k.id)}>Revoke</button>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

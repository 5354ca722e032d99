// Settings (admins): the credit ledger, ICP rules and target accounts, the suppression list with its CSV upload, and
// the network binding (read-only: binding one is an operator's CLI act).
import { useEffect, useState } from 'preact/hooks';
import type { components } from '@warmline/client';
import { api, describe } from '../api';
import { IcpRules } from './icp-rules';
import { Suppressions } from './suppressions';
import { TargetAccounts } from './target-accounts';

type Ledger = components['schemas']['ConsoleCreditLedger'];
type Binding = components['schemas']['ConsoleNetworkBinding'];

function Credits() {
  const [ledger, setLedger] = useState<Ledger | null>(null);
  const [error, setError] = useState('');
  useEffect(() => void api.GET('/app/api/settings/credits').then(({ data, error }) => (data ? setLedger(data) : setError(describe(error)))), []);
  return (
    <section aria-labelledby="credits-title">
      <h2 id="credits-title">Credits</h2>
      {error && <p role="alert" class="error">{error}</p>}
      {ledger && (
        <>
          <p>Balance: <strong data-testid="credit-balance">{ledger.current_balance}</strong> credits{ledger.last_updated ? `, last change ${ledger.last_updated.slice(0, 16).replace('T', ' ')} UTC` : ''}. Email enrichment spends them; an operator grants them (warmline credits grant).</p>
          <div class="scroll">
            <table>
              <caption>Ledger, newest first</caption>
              <thead><tr><th scope="col">When</th><th scope="col">Change</th><th scope="col">Reason</th></tr></thead>
              <tbody>
                {ledger.entries.map((e) => (
                  <tr key={e.id} data-entry-id={e.id}><td>{e.created_at.slice(0, 16).replace('T', ' ')}</td><td>{e.delta > 0 ? `+${e.delta}` : e.delta}</td><td>{e.lead ? <>Email found for <a href={`#/leads/${encodeURIComponent(e.lead.id)}`}>{e.lead.name}</a></> : e.reason}</td></tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function NetworkBinding() {
  const [binding, setBinding] = useState<Binding | null>(null);
  useEffect(() => void api.GET('/app/api/settings/network').then(({ data }) => setBinding(data ?? null)), []);
  if (!binding) return null;
  const detail = binding.provider === 'sandbox' ? ` (simulated activity ${binding.activity ? 'on' : 'off'}, pace ${binding.pace})` : binding.dsn ? ` at ${binding.dsn}` : '';
  return (
    <section aria-labelledby="network-title">
      <h2 id="network-title">Network</h2>
      <p>This workspace is bound to <strong data-testid="network-binding">{binding.provider}</strong>{detail}.</p>
      <p>Binding a network (and its credentials) is an operator's act on the server: <code>warmline network bind &lt;workspace&gt; …</code>. Members' accounts are linked on the Team page.</p>
    </section>
  );
}

export function Settings() {
  return (
    <section>
      <h1>Settings</h1>
      <Credits />
      <IcpRules />
      <TargetAccounts />
      <Suppressions />
      <NetworkBinding />
    </section>
  );
}

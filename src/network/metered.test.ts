import { describe, expect, it } from 'vitest';
import { Metrics } from '../metrics/metrics.js';
import { systemClock } from '../shared/clock.js';
import { meteredProvider } from './metered.js';
import { NetworkError, type NetworkProvider } from './provider.js';
import { SandboxNetwork } from './sandbox/sandbox.network.js';
import type { SandboxDb } from './sandbox/sandbox.table.js';

/** A provider with a capability as the adapters write them: a getter whose calls go through `this`. */
class Capable {
  readonly name = 'capable';
  readonly seen: unknown[] = [];
  get memberAccounts() {
    return { check: async (accountId: string) => this.findAccountUrn(accountId), memberOf: async () => null };
  }
  async findAccountUrn(accountId: string): Promise<string> {
    this.seen.push(this);
    throw new NetworkError('account_disconnected', `no ${accountId}`);
  }
}

describe('meteredProvider', () => {
  it("keeps a provider's capabilities, acting through the counted provider", async () => {
    const metrics = new Metrics();
    const target = new Capable();
    const provider = meteredProvider(target as unknown as NetworkProvider, metrics);
    await expect(provider.memberAccounts!.check('acc_1')).rejects.toThrow('no acc_1');
    expect(target.seen).toEqual([provider]);
    expect(await metrics.registry.getSingleMetricAsString('warmline_provider_errors_total')).toContain('provider="capable",kind="account_disconnected"} 1');
  });

  it("keeps the sandbox's simulated accounts", () => {
    const world = new SandboxNetwork({} as SandboxDb, systemClock);
    const provider: NetworkProvider = meteredProvider(world.forWorkspace({ activity: false }), new Metrics());
    expect(provider.simulatedAccounts).toBe(provider);
    expect(provider.webhooks).toBeUndefined();
    expect(provider.memberAccounts).toBeUndefined();
  });
});

// Chooses the network provider named by the config (WARMLINE_NETWORK); built once in the composition root.
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Clock } from '../shared/clock.js';
import type { NetworkProvider } from './provider.js';
import { SandboxNetwork } from './sandbox/sandbox.network.js';

export function createNetworkProvider(config: Config, db: Db, clock: Clock): NetworkProvider {
  switch (config.network) {
    case 'sandbox':
      return new SandboxNetwork(db, clock, { seed: config.sandboxSeed, latencyMs: config.sandboxLatencyMs, timeScale: config.demoTimeScale });
  }
}

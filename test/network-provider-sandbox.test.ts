// The simulated network keeps the provider contract, on each database it can live in.
import { runNetworkProviderContract } from './contract/network-provider.contract.js';
import { sandboxWorld } from './contract/sandbox-world.js';
import { enabledDialects } from './helpers/dialects.js';

for (const dialect of enabledDialects()) runNetworkProviderContract(`sandbox [${dialect}]`, () => sandboxWorld(dialect));

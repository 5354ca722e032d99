// The Unipile provider keeps the provider contract, against the local fake Unipile.
import { runNetworkProviderContract } from './contract/network-provider.contract.js';
import { unipileWorld } from './contract/unipile-world.js';

runNetworkProviderContract('unipile (local fake)', unipileWorld);

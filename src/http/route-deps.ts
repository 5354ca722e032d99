// What the feature routes are given: the store, the clock, the cursor secret, the settings
// links are built from, and the network. Its own small type, so a route depends on neither the
// server that registers it nor what only the server needs (TLS, its logger).
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Metrics } from '../metrics/metrics.js';
import type { NetworkProvider } from '../network/provider.js';
import type { ProviderFor } from '../network/registry.js';
import type { Clock } from '../shared/clock.js';

export interface RouteDeps {
  config: Config;
  db: Db;
  /** For list pages' read-only statements (connect.ts: a reading thread on SQLite, else `db`). */
  reads: Db;
  clock: Clock;
  /** Signs cursors. */
  secret: Buffer;
  /** Each workspace's network provider (null: bound to none). */
  networks: ProviderFor<NetworkProvider>;
  /** Counts what the routes see (page-cache hits). */
  metrics: Metrics;
}

// Frozen in time: never import application types here, never edit after release.
// This migration once created the sandbox network's tables inside the product's schema. The
// simulation now keeps its own migration set (network/sandbox/migrations), run only when a
// workspace is bound to it; its first step adopts the tables where this migration had already
// made them. Kept, empty, because databases record it as applied.
import type { Kysely } from 'kysely';

export async function up(_db: Kysely<unknown>): Promise<void> {}

// Small direct-insert fixtures for campaign and connection tests (through the repositories, keeping
// what the service keeps alongside: lead counters).
import { createCampaign, type NewCampaign } from '../../src/campaigns/campaigns.operator.js';
import { adjustLeadCount } from '../../src/leads/lead-counts.js';
import type { SandboxNetwork } from '../../src/network/sandbox/sandbox.network.js';
import { newId } from '../../src/shared/ids.js';
import type { NetworkRecord, NetworkWorld } from '../contract/network-provider.contract.js';
import { sandboxWorldOf } from '../contract/sandbox-world.js';
import type { TestServer } from './server.js';
import { addMember as addWorkspaceMember, type MemberSpec } from './workspaces.js';

/** The world behind the server's network provider (the sandbox its workspaces are bound to): its levers and its record. */
export function networkWorldOf(server: TestServer): NetworkWorld {
  return sandboxWorldOf(server.ctx.sandbox, server.ctx.database.db, server.ctx.clock);
}

/** What the network received from one team member's account (the world's record). */
export async function receivedFrom(server: TestServer, teamMemberId: string): Promise<NetworkRecord> {
  const { workspace_id } = await server.ctx.database.db.selectFrom('team_members').select('workspace_id').where('id', '=', teamMemberId).executeTakeFirstOrThrow();
  const { invitations, messages } = await networkWorldOf(server).received(workspace_id);
  return { invitations: invitations.filter((i) => i.teamMemberId === teamMemberId), messages: messages.filter((m) => m.teamMemberId === teamMemberId) };
}

/** The simulated network's world (its controls); workspaces reach it through their binding. */
export function sandboxOf(server: TestServer): SandboxNetwork {
  return server.ctx.sandbox;
}

/** A team member; `connected` makes the account CONNECTED both in the service and on the sandbox network. */
export function addMember(server: TestServer, workspaceId: string, member: MemberSpec = {}) {
  return addWorkspaceMember(server.ctx, workspaceId, member);
}

export async function addContact(server: TestServer, workspaceId: string, urn: string = `ACo${newId('c').slice(2)}`) {
  const now = server.ctx.clock.now();
  await server.ctx.database.db
    .insertInto('contacts')
    .values({
      workspace_id: workspaceId, urn, username: null, first_name: null, last_name: null, headline: null, job_title: null,
      picture: null, followers_count: null, connections_count: null, country: null, company_id: null, network_url: null,
      created_at: now, updated_at: now,
    })
    .execute();
  return urn;
}

/** A lead written as the service writes one: the row and its lead counters in one transaction. */
export async function addLead(server: TestServer, workspaceId: string, contactUrn: string | null, status = 'NEW') {
  const now = server.ctx.clock.now();
  const id = newId('ld');
  await server.ctx.database.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('leads')
      .values({
        workspace_id: workspaceId, id, contact_urn: contactUrn, team_member_id: null, source_post_id: null, company_id: null, status,
        tags: '[]', crm_id: null, crm_contact_url: null, first_name: null, last_name: null, headline: null, job_title: null,
        username: null, network_url: null, contact_email: null, phone_number: null, enrichment_status: null, source: null,
        source_content_url: null, engagement_events_count: null, engagement_score: null, is_icp_match: 0, icp_manual: 0,
        is_account_based: 0, picture: null, followers_count: null, connections_count: null, country: null, feed_updated_at: null,
        created_at: now, last_engagement_dt: null, updated_at: now,
      })
      .execute();
    await adjustLeadCount(tx, workspaceId, { status, created_at: now, contact_email: null, company_id: null, source_post_id: null }, 1);
  });
  return id;
}

export function addCampaign(server: TestServer, workspaceId: string, campaign: NewCampaign) {
  return createCampaign(server.ctx.database.db, server.ctx.clock, workspaceId, campaign);
}

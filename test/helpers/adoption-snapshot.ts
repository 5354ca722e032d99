// A snapshot whose members are in every network state, with connections CONNECTED and PENDING.

export const member = (id: string, integration_status: string, network_username: string | null, network_urn: string | null = null) => ({
  id, email: `${id}@acme.test`, integration_status, network_username, network_urn,
});

/** Members in every state, contacts, and connections CONNECTED and PENDING (with dates). */
export function adoptionSnapshot(workspaceId: string, members = [
  member('tm_urn', 'CONNECTED', null, 'ACoOwnUrn'),
  member('tm_name', 'CONNECTED', 'bo-chen'),
  member('tm_disc', 'DISCONNECTED', 'carla-garcia'),
  member('tm_not', 'NOT_CONNECTED', 'dev-patel'),
]) {
  return {
    format: 'workspace-snapshot', version: 1,
    workspace: { id: workspaceId, name: 'Imported' },
    team_members: members,
    contacts: ['ACoC1', 'ACoC2', 'ACoC3'].map((urn) => ({ urn })),
    connections: [
      { team_member_id: 'tm_urn', contact_urn: 'ACoC1', state: 'CONNECTED', since: '2025-01-10T00:00:00Z' },
      { team_member_id: 'tm_urn', contact_urn: 'ACoC2', state: 'PENDING', since: '2025-05-30T00:00:00Z' },
      { team_member_id: 'tm_name', contact_urn: 'ACoC3', state: 'CONNECTED', since: '2025-02-01T00:00:00Z' },
    ],
  };
}

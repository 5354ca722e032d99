import { describe, expect, it } from 'vitest';
import { hookSecretMatches, parseUnipileEvent } from './unipile.webhooks.js';

describe('Unipile webhooks', () => {
  it('accepts only the exact workspace secret', () => {
    expect(hookSecretMatches('s3cret-value', 's3cret-value')).toBe(true);
    for (const given of ['s3cret-valuf', 's3cret-value ', '', undefined, ['s3cret-value']]) expect(hookSecretMatches('s3cret-value', given)).toBe(false);
  });

  it('reads an accepted invitation, keyed so that a second delivery is the same event', () => {
    const body = { event: 'new_relation', account_id: 'acc_1', account_type: 'LINKEDIN', webhook_name: 'warmline', user_provider_id: 'ACoAA1', user_public_identifier: 'ada', user_full_name: 'Ada L' };
    const e = parseUnipileEvent(body);
    expect(e).toEqual({ kind: 'new_relation', key: 'relation:acc_1:ACoAA1', accountId: 'acc_1', contactUrn: 'ACoAA1' });
    expect(parseUnipileEvent(structuredClone(body))?.key).toBe(e?.key);
  });

  it('reads a message, telling the contact’s from the account’s own', () => {
    const base = {
      event: 'message_received', account_id: 'acc_1', chat_id: 'chat_1', timestamp: '2025-06-02T09:00:00.000Z',
      account_info: { user_id: 'ACoOWN' }, attendees: [{ attendee_provider_id: 'ACoAA1' }],
    };
    expect(parseUnipileEvent({ ...base, message_id: 'm1', message: 'Sounds good', sender: { attendee_provider_id: 'ACoAA1' } })).toEqual({
      kind: 'message_received', key: 'message:m1', accountId: 'acc_1', contactUrn: 'ACoAA1', chatId: 'chat_1', messageId: 'm1', text: 'Sounds good', fromAccount: false, at: Date.parse(base.timestamp),
    });
    expect(parseUnipileEvent({ ...base, message_id: 'm2', sender: { attendee_provider_id: 'ACoOWN' } })).toMatchObject({ fromAccount: true, contactUrn: 'ACoAA1' });
  });

  it('reads account status changes, and ignores what it has no use for', () => {
    expect(parseUnipileEvent({ AccountStatus: { account_id: 'acc_1', account_type: 'LINKEDIN', message: 'CREDENTIALS' } })).toMatchObject({ kind: 'account_status', connected: false });
    expect(parseUnipileEvent({ AccountStatus: { account_id: 'acc_1', account_type: 'LINKEDIN', message: 'OK' } })).toMatchObject({ kind: 'account_status', connected: true });
    for (const junk of [null, 'x', {}, { event: 'message_reaction', account_id: 'a' }, { event: 'new_relation' }, { event: 'new_relation', account_id: 'a' }]) expect(parseUnipileEvent(junk)).toBeNull();
  });
});

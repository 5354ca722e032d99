// Unipile's failures mapped to the provider's error kinds, in one table. Unipile answers errors
// as RFC 7807 problems whose `type` names the cause (errors/disconnected_account, ...); where
// the type is unknown, the HTTP status decides.
import { NetworkError, type NetworkErrorKind } from '../provider.js';
import { UnipileCallError } from './unipile.transport.js';

const BY_TYPE: Record<string, NetworkErrorKind> = {
  // the token or the account's session is no longer valid: the operator must reconnect
  'errors/invalid_credentials': 'account_disconnected',
  'errors/expired_credentials': 'account_disconnected',
  'errors/missing_credentials': 'account_disconnected',
  'errors/disconnected_account': 'account_disconnected',
  'errors/invalid_authorization': 'account_disconnected',
  // the network refused to let this account act
  'errors/insufficient_privileges': 'account_restricted',
  'errors/feature_not_subscribed': 'account_restricted',
  'errors/account_restricted': 'account_restricted',
  'errors/subscription_required': 'account_restricted',
  // "already invited recently", weekly invitation limit, and the like
  'errors/cannot_resend_yet': 'limit_reached',
  'errors/limit_exceeded': 'limit_reached',
  'errors/limit_too_high': 'limit_reached',
  'errors/resource_not_found': 'not_found',
  'errors/invalid_recipient': 'not_found',
  'errors/no_connection_with_recipient': 'account_restricted',
  'errors/too_many_requests': 'transient',
  'errors/provider_error': 'transient',
  'errors/service_unavailable': 'transient',
  'errors/request_timeout': 'transient',
  'warmline/timeout': 'transient',
  'warmline/unexpected_answer': 'transient',
};

function byStatus(status: number): NetworkErrorKind {
  if (status === 401) return 'account_disconnected';
  if (status === 403) return 'account_restricted';
  if (status === 404) return 'not_found';
  if (status === 422) return 'limit_reached';
  // 429, 5xx, no answer at all (time-out, reset, refused) and anything unforeseen
  return 'transient';
}

/** The one translation from a failed Unipile call to a NetworkError. */
export function toNetworkError(err: unknown): NetworkError {
  if (err instanceof NetworkError) return err;
  if (!(err instanceof UnipileCallError)) return new NetworkError('transient', `Unipile call failed: ${err instanceof Error ? err.message : String(err)}`);
  const kind = (err.type ? BY_TYPE[err.type] : undefined) ?? byStatus(err.status);
  // A limit Unipile (or LinkedIn behind it) reported is the network's own, not one of the service's budgets.
  return new NetworkError(kind, err.message, err.retryAfterMs, kind === 'limit_reached' ? 'network' : null);
}

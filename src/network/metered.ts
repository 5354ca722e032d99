// A network provider as the service uses it, counted: every NetworkError by kind, and the
// actions that reach the network (invitations, messages, withdrawals) by result. Wrapped once,
// where the registry builds providers, so routes, engines and the worker are all counted
// without knowing of metrics.
import type { Metrics, OutboundKind } from '../metrics/metrics.js';
import { NetworkError, type NetworkProvider } from './provider.js';

const OUTBOUND: Partial<Record<keyof NetworkProvider, OutboundKind>> = {
  sendInvitation: 'invitation',
  sendMessage: 'message',
  withdrawInvitation: 'withdrawal',
};

// The interface's calls (all async); a provider's other members pass through untouched.
const CALLS = new Set<string>([
  'findProfile', 'connectionState', 'connectionStates', 'sendInvitation', 'listPendingInvitations', 'withdrawInvitation', 'sendMessage',
  'findReceived', 'findAccountUrn', 'listMemberPosts', 'listPostEngagement', 'listContactPosts', 'listReplies',
] satisfies (keyof NetworkProvider)[]);

const errorKind = (err: unknown) => (err instanceof NetworkError ? err.kind : 'unexpected');

/**
 * The same provider, its calls counted. A Proxy rather than a hand-written delegate: a provider's
 * optional capabilities (memberAccounts, webhooks, simulatedAccounts: getters, read with the
 * Proxy as `this`) and its other members stay reachable, and act through the Proxy.
 */
export function meteredProvider<P extends NetworkProvider>(provider: P, metrics: Metrics): P {
  return new Proxy(provider, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || !CALLS.has(property)) return value;
      const outbound = OUTBOUND[property as keyof NetworkProvider];
      return async (...args: unknown[]) => {
        try {
          const result = await value.apply(target, args);
          if (outbound) metrics.outboundAction(target.name, outbound, 'sent');
          return result;
        } catch (err) {
          metrics.providerError(target.name, errorKind(err));
          if (outbound) metrics.outboundAction(target.name, outbound, errorKind(err));
          throw err;
        }
      };
    },
  });
}

// The only seam between the service and a workspace's CRM. Adapters: hubspot/ and pipedrive/,
// each through the CRM's official SDK; only the composition root names one. The sync
// (crm.sync.ts) decides what to push and when; an adapter only speaks to its CRM.

/** What the CRM's answer was: the sync's reaction (wait, retry, fail the one lead) follows the kind. */
export type CrmErrorKind =
  /** The token was refused (expired, revoked): pushes wait until a new bind. */
  | 'auth'
  /** Too many calls: wait at least retryAfterMs. */
  | 'rate_limited'
  /** 5xx, a time-out, no answer: try again later. */
  | 'transient'
  /** The CRM refused a value of this lead (a field's validation): this lead fails, the rest go on. */
  | 'refused'
  /** The contact named is not there (deleted, merged away). */
  | 'not_found';

export class CrmError extends Error {
  constructor(
    readonly kind: CrmErrorKind,
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'CrmError';
  }
}

/** A lead as pushed: what the CRM contact (person) is made or updated with. */
export interface CrmLead {
  /** The contact to update when known (the lead's crm_id). */
  crmId: string | null;
  email: string | null;
  /** The network profile URL (https://www.linkedin.com/in/<username>). */
  profileUrl: string | null;
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  phone: string | null;
  company: { name: string; domain: string | null } | null;
}

/** The CRM contact a push made or updated. */
export interface CrmContact {
  crmId: string;
  /** The contact's page in the CRM's own app. */
  url: string;
  /** The company associated with it (null: the lead had none). */
  companyId: string | null;
}

/** A contact the CRM counts as a customer (lifecycle stage, won deal). */
export interface CrmCustomer {
  crmId: string;
  email: string | null;
  profileUrl: string | null;
}

export interface CrmPage<T> {
  items: T[];
  /** The cursor to give next time (null: nothing to resume from yet). */
  cursor: string | null;
  /** More are waiting now. */
  more: boolean;
}

export interface CrmProvider {
  /** The CRM's name (hubspot, pipedrive). */
  readonly name: string;
  /**
   * Finds the contact of a lead: by crmId first, then email, then profile URL (null: none).
   * The sync calls it before creating, and again after a crash to reconcile a push whose answer
   * was lost, so a contact is never made twice.
   */
  find(lead: CrmLead): Promise<{ crmId: string; companyId: string | null } | null>;
  /**
   * Creates (`existing` null) or updates the contact, with its company found by domain, then
   * name, or created, and associated when `companyId` is not already it.
   */
  push(lead: CrmLead, existing: { crmId: string; companyId: string | null } | null): Promise<CrmContact>;
  /** Adds a note to the contact. */
  note(crmId: string, text: string): Promise<void>;
  /** Contacts that became customers since `cursor`, in the CRM's modification order. */
  customers(cursor: string | null): Promise<CrmPage<CrmCustomer>>;
  /** What became of these contacts (at most 100): each id to itself, to the contact it was merged into, or to null (deleted). */
  resolve(crmIds: string[]): Promise<Map<string, { crmId: string; url: string } | null>>;
}

/**
 * Every call an adapter makes goes through the gate: it waits for the workspace's rate-limit
 * window (kept in the store, shared by every process) and records what the CRM answered.
 */
export interface CrmGate {
  /** Throws a CrmError('rate_limited') when the window is spent or the CRM asked to wait. */
  before(): Promise<void>;
  /** The call was answered (any status). */
  answered(): Promise<void>;
}

/** A binding's check at bind: one call that proves the credentials. */
export type CrmCheck = () => Promise<void>;

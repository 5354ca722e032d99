// Generated from the service's OpenAPI document by `npm run client:types`; do not edit.
export interface paths {
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Service information */
        get: operations["getServiceInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Health check
         * @description No authentication; not rate limited.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness check
         * @description No authentication; not rate limited. 200 when the database answers, 503 with Retry-After while it does not.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/unipile/{hookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unipile webhook delivery
         * @description Called by Unipile, not by API clients. Authenticated by the workspace's hook secret in the `x-warmline-hook-secret` header (no API key; 401 and nothing stored otherwise). The event (new relation, message received, account status) is stored once by its identity and applied by the worker; the answer does not wait for it. A body that is not JSON: 400, nothing stored. Rate limited per hook and client address, apart from the API.
         */
        post: operations["receiveUnipileWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in to the console (sets the session cookie) */
        post: operations["consoleSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a member's password through a one-time invitation link */
        post: operations["consoleSetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in member */
        get: operations["consoleSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/sign-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out everywhere (every session of the member ends)
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleSignOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v2/leads for the signed-in workspace */
        get: operations["consoleListLeads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/leads/{lead_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v2/leads/{lead_id} for the signed-in workspace */
        get: operations["consoleGetLead"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * PATCH /v2/leads/{lead_id} for the signed-in workspace
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        patch: operations["consoleUpdateLead"];
        trace?: never;
    };
    "/app/api/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's API keys (admins) */
        get: operations["consoleListKeys"];
        put?: never;
        /**
         * Create an API key, shown once (admins)
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleCreateKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's activity log, newest first (admins) */
        get: operations["consoleActivity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key at once (admins)
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        delete: operations["consoleRevokeKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/leads/bulk-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Qualify or disqualify a selection of leads, all or none
         * @description Each lead changes as PATCH /v2/leads/{lead_id} would change it (history, lead.updated). When any id is not a lead of the workspace, nothing changes and the answer names them. With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleBulkLeadStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/leads/{lead_id}/why": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Why a lead has its engagement score and ICP flag: its events and the workspace's ICP rules */
        get: operations["consoleLeadWhy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/leads/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Leads whose name or headline words start with every word of q, or whose company's name holds q; up to limit in the sort (no cursor: has_more says there are more, narrow the search) */
        get: operations["consoleSearchLeads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Up to 20 of the workspace's companies whose name or slug holds q, by name (the leads page's company picker) */
        get: operations["consoleCompanyChoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/leads/{lead_id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A lead's history, oldest first, each engagement with the post it was on */
        get: operations["consoleLeadHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/saved-views": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in member's saved views of the leads page, by name */
        get: operations["consoleSavedViews"];
        put?: never;
        /**
         * Save the leads page's filters under a name (the same name again: its query replaced); at most 50 per member (409 beyond)
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleSaveView"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/saved-views/{view_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one of your saved views
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        delete: operations["consoleDeleteSavedView"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/leads/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every lead of a GET /v2/leads filter and sort as CSV, streamed
         * @description RFC 4180 (CRLF, quoted where needed); a cell starting with =, +, -, @, tab or CR is prefixed with ' so spreadsheets never run it.
         */
        get: operations["consoleExportLeads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v2/networking/campaigns for the signed-in workspace */
        get: operations["consoleListCampaigns"];
        put?: never;
        /**
         * Create a campaign (DRAFT; the signed-in member its creator)
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleCreateCampaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/campaigns/{campaign_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A campaign with its senders, settings and the limits that apply */
        get: operations["consoleGetCampaign"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Configure a campaign: senders, note, follow-up, and (admins) the sending limits
         * @description All or nothing: the first refused field is answered with 422 (its `loc` names it) and nothing is saved. With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        patch: operations["consoleConfigureCampaign"];
        trace?: never;
    };
    "/app/api/campaigns/{campaign_id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start (ACTIVE), pause (DRAFT) or archive (ARCHIVED) a campaign
         * @description Only ACTIVE campaigns send; pausing moves a campaign back to DRAFT, where it keeps its contacts and their progress. With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleSetCampaignStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/campaigns/{campaign_id}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A campaign's statistics: contacts per state, rates, events per day, each sender's load against its caps */
        get: operations["consoleCampaignStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/campaigns/{campaign_id}/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enrol leads of the workspace into a campaign, by their network usernames
         * @description Like PUT /v2/networking/campaigns/{campaign_id} with each lead as a profile. Every lead id is reported enrolled or skipped (with the reason). ARCHIVED campaign: 400. With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleEnrolLeads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/feeds/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v2/content/team/feed for the signed-in workspace */
        get: operations["consoleTeamFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/feeds/tracked": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** GET /v2/content/tracked-contacts/feed for the signed-in workspace */
        get: operations["consoleTrackedFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's known contacts whose name, username or headline contains the text (at most 20) */
        get: operations["consoleSearchContacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/tracked-contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contacts tracked by the team, or by one member */
        get: operations["consoleListTrackedContacts"];
        put?: never;
        /**
         * Track a known contact: their posts join the tracked-contacts feed as ingestion syncs them
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleTrackContact"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/tracked-contacts/{team_member_id}/{contact_urn}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop tracking a contact
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        delete: operations["consoleUntrackContact"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/team": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team: members, their network accounts, their use of the caps (invitations today and over 7 days, messages today) */
        get: operations["consoleTeam"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/team/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a team member (admins); a sign-in link is made separately
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleAddMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/team/{member_id}/time-zone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * A member's time zone, where their working hours apply (the member themself, or an admin)
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        put: operations["consoleSetTimeZone"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/team/{member_id}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A one-time sign-in link for a member, with the role it grants (admins; an admin's own role is refused)
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleInviteMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/team/{member_id}/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link a member's network account (admins): the sandbox's, or the member's Unipile account (account_id)
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleLinkMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/team/{member_id}/unlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unlink a member's network account (admins)
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleUnlinkMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/settings/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The credit balance (as GET /v2/workspace/credits) and the newest ledger entries (admins) */
        get: operations["consoleCreditLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/settings/icp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's ICP rules (admins); null when none are set */
        get: operations["consoleIcpRules"];
        /**
         * Replace the ICP rules (admins); they apply to leads created or refreshed from then on. An invalid rule: 422 naming the field, nothing saved
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        put: operations["consoleSetIcpRules"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/settings/target-accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Target accounts (admins): company slugs or ids whose people are account-based leads */
        get: operations["consoleTargetAccounts"];
        put?: never;
        /**
         * Add a target account (admins), as `warmline accounts add`; a bad value: 422 naming the field, nothing saved
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleAddTargetAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/settings/target-accounts/{value}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a target account (admins)
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        delete: operations["consoleRemoveTargetAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/settings/suppressions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The suppression list (admins) */
        get: operations["consoleSuppressions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/settings/suppressions/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check a suppression CSV row by row; stores nothing (admins) */
        post: operations["consolePreviewSuppressionCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/settings/suppressions/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a suppression CSV: every new entry in one transaction, or nothing when any row is rejected (committed false, the report says which) (admins)
         * @description With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["consoleImportSuppressionCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/app/api/settings/network": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace's network binding, read-only (admins): binding a provider stays an operator's CLI act */
        get: operations["consoleNetworkBinding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/workspace/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workspace team members
         * @description All team members of the workspace, active seats first, then by email.
         */
        get: operations["listWorkspaceUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/workspace/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Workspace credit balance
         * @description The sum of the credit ledger and the time of its last entry.
         */
        get: operations["getWorkspaceCredits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/leads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List leads
         * @description Workspace leads with filters, sorting and keyset cursor pagination. Discarded leads never appear.
         */
        get: operations["listLeads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/leads/{lead_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get one lead */
        get: operations["getLead"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a lead
         * @description Absent or null fields leave the lead unchanged; tags replace the list; note creates or updates a note. With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        patch: operations["updateLead"];
        trace?: never;
    };
    "/v2/content/team/feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Team feed
         * @description Posts published by workspace team members.
         */
        get: operations["listTeamFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/content/tracked-contacts/feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Tracked contacts feed
         * @description Posts published by contacts that workspace members (or the given member) track.
         */
        get: operations["listTrackedContactsFeed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/networking/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List campaigns
         * @description Campaigns of the workspace, newest first, paged with a signed cursor. `total` counts all campaigns.
         */
        get: operations["listCampaigns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/networking/campaigns/{campaign_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a campaign
         * @description One campaign with its creator, participants and enrolled contacts.
         */
        get: operations["getCampaign"];
        /**
         * Enrol profiles into a campaign
         * @description Idempotent by username (case-insensitive); optional fields given again update the contact. A COMPLETED campaign becomes ACTIVE again; an ARCHIVED one gives 400. With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        put: operations["enrollCampaignProfiles"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/networking/connections/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Check a connection
         * @description exists is true only for an accepted connection (a pending invitation is false). Asks the workspace's network; a workspace bound to no network is answered from its recorded connections.
         */
        patch: operations["checkConnection"];
        trace?: never;
    };
    "/v2/networking/connections/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a connection request
         * @description Creates a pending invitation. While one is pending, or once connected, nothing new is sent (still 200). 409 when the workspace is bound to no network: nothing is sent or recorded. With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["sendConnectionRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/networking/connections/direct-message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a direct message
         * @description Each accepted call delivers exactly one message. A retry carrying the same Idempotency-Key header (and the same member, contact and text) is not delivered again. 406 when not connected. 409 when the workspace is bound to no network: nothing is sent or recorded. With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["sendDirectMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook subscriptions
         * @description Every subscription of the workspace, oldest first; never their secrets.
         */
        get: operations["listWebhooks"];
        put?: never;
        /**
         * Create a webhook subscription
         * @description Events of the given types are POSTed to the URL, signed per Standard Webhooks (docs/webhooks.md). The answer carries the signing secret, shown this once. With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook subscription
         * @description One subscription; never its secret.
         */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook subscription
         * @description With its waiting events and its delivery log. With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /**
         * Update a webhook subscription
         * @description Changes the URL (checked again), the event types or `enabled`. Enabling a subscription the service disabled sends its waiting events again, oldest first. With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/v2/webhooks/{webhook_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Queues a `webhook.test` event for this subscription alone, delivered by the worker after its waiting events; see the delivery log for the outcome. With an `Idempotency-Key` header (at most 255 characters, no control characters), a retry with the same key and the same request answers what the first did (status and body, with `Idempotent-Replayed: true`) for 24 hours without acting again; the same key with another request: 422; while the first is still in flight: 409 (retry shortly).
         */
        post: operations["testWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/webhooks/{webhook_id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List delivery attempts
         * @description The subscription's delivery attempts, newest first (status, response time, error), paged with a signed cursor.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** ValidationError */
        ValidationError: {
            /** Location */
            loc: (string | number)[];
            /** Message */
            msg: string;
            /** Error Type */
            type: string;
            /** Input */
            input?: unknown;
            /** Context */
            ctx?: {
                [key: string]: unknown;
            };
        };
        /** HTTPValidationError */
        HTTPValidationError: {
            /** Detail */
            detail: components["schemas"]["ValidationError"][];
        };
        /**
         * ErrorDetail
         * @description Every error other than 422 has this body.
         */
        ErrorDetail: {
            detail: string;
        };
        /** ApiWorkspaceUserRead */
        ApiWorkspaceUserRead: {
            id: string;
            email: string;
            first_name?: string | null;
            last_name?: string | null;
            is_active_seat: boolean;
            /** @enum {string|null} */
            integration_status?: "NOT_CONNECTED" | "CONNECTED" | "DISCONNECTED" | null;
            network_username?: string | null;
            profile_views_count?: number | null;
            followers_count?: number | null;
            /** Format: date-time */
            last_network_update?: string | null;
            /** @description Defaults to the service's placeholder image URL. */
            profile_picture?: string | null;
        };
        /** WorkspaceBalanceRead */
        WorkspaceBalanceRead: {
            current_balance: number;
            /** Format: date-time */
            last_updated?: string | null;
        };
        /** LinkedinCompanyRead */
        LinkedinCompanyRead: {
            name?: string | null;
            slug?: string | null;
            picture?: string | null;
            employees_num_min?: number | null;
            employees_num_max?: number | null;
            headquarters?: string | null;
            location?: string | null;
            followers?: number | null;
            state?: string | null;
            country?: string | null;
            website_url: string | null;
            phone_number?: string | null;
            company_type?: string | null;
            founded_year?: number | null;
            description?: string | null;
            tagline?: string | null;
            /** @default [] */
            industries: unknown[] | null;
            /** @default [] */
            specialties: unknown[] | null;
            /** @default [] */
            funding: unknown[] | null;
            is_verified?: boolean | null;
            id?: number | null;
            /** @default  */
            hash_id: string;
            network_url?: string | null;
            /** Format: date-time */
            created_at: string;
        };
        /** LinkedinLeadExport */
        LinkedinLeadExport: {
            /** @default  */
            id: string;
            crm_id?: string | null;
            first_name?: string | null;
            last_name?: string | null;
            headline?: string | null;
            job_title?: string | null;
            username?: string | null;
            network_url?: string | null;
            contact_email?: string | null;
            phone_number?: string | null;
            /**
             * @description PENDING: waiting for a vendor; ENRICHED: email found and kept (one credit); NOT_FOUND: no email (asked again after the re-ask period); NO_CREDITS: an email found waits for credits; null: not asked for by the enrichment policy.
             * @enum {string|null}
             */
            enrichment_status?: "PENDING" | "ENRICHED" | "NOT_FOUND" | "NO_CREDITS" | null;
            team_member_email?: string | null;
            source?: string | null;
            source_content_url?: string | null;
            /** @enum {string|null} */
            status?: "NEW" | "QUALIFIED" | "DISQUALIFIED" | null;
            /** @default [] */
            tags: string[];
            engagement_events_count?: number | null;
            engagement_score?: number | null;
            /** @default false */
            is_icp_match: boolean | null;
            /** @default false */
            is_account_based: boolean | null;
            /** @default [] */
            history: {
                /** @default  */
                id: string;
                description?: string | null;
                /** Format: date-time */
                recorded_at?: string | null;
            }[] | null;
            /** @description Defaults to the service's placeholder image URL. */
            picture?: string | null;
            followers_count?: number | null;
            connections_count?: number | null;
            country?: string | null;
            /** Format: date-time */
            feed_updated_at?: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_engagement_dt?: string | null;
            company?: components["schemas"]["LinkedinCompanyRead"] | null;
            /** @description Notes added through PATCH, oldest first. */
            notes?: {
                id: string;
                content: string;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
            }[];
            crm_contact_url?: string | null;
        };
        /** WorkspaceLeadsPageResponse */
        WorkspaceLeadsPageResponse: {
            total: number;
            items: components["schemas"]["LinkedinLeadExport"][];
            /** @default false */
            has_more: boolean;
            cursor?: string | null;
        };
        /** LeadUpdatePayload */
        LeadUpdatePayload: {
            status?: ("NEW" | "QUALIFIED" | "DISQUALIFIED") | null;
            tags?: string[] | null;
            note?: {
                note_id?: string | null;
                note_content: string;
            } | null;
            crm_id?: string | null;
            crm_contact_url?: string | null;
            is_icp_match?: boolean | null;
        };
        /** TeamFeedPostRead */
        TeamFeedPostRead: {
            id: string;
            activity_urn?: string | null;
            type?: string | null;
            content?: string | null;
            parent_content?: string | null;
            author: string;
            post_url: string;
            image?: string | null;
            parent_image?: string | null;
            shares_num?: number | null;
            likes_num?: number | null;
            impressions_num?: number | null;
            comments_num?: number | null;
            /** Format: date-time */
            published_at: string;
            team_member_id?: string | null;
        };
        /** TeamFeedPostsListResponse */
        TeamFeedPostsListResponse: {
            total: number;
            items: components["schemas"]["TeamFeedPostRead"][];
            /** @default false */
            has_more: boolean;
            cursor?: string | null;
        };
        /** NetworkingCampaignContact */
        NetworkingCampaignContact: {
            id: string;
            first_name: string | null;
            last_name: string | null;
            network_urn: string | null;
            /** @description Username on the external network. */
            network_handle: string | null;
            /**
             * @description Outreach progress; REPLIED (the contact wrote back: no further follow-up), FAILED, SKIPPED and WITHDRAWN are final; CONNECTED is, once its follow-up is sent.
             * @enum {string}
             */
            status: "QUEUED" | "INVITED" | "CONNECTED" | "REPLIED" | "FAILED" | "SKIPPED" | "WITHDRAWN";
            /** @description Why the contact is in its state (skips, failures, withdrawals). */
            status_reason: string | null;
            /** @description The participant who invited (or is connected to) the contact. */
            sender_id: string | null;
            /** Format: date-time */
            invited_at: string | null;
            /** Format: date-time */
            connected_at: string | null;
            /**
             * Format: date-time
             * @description When the contact reached its final state.
             */
            finished_at: string | null;
        };
        /** NetworkingCampaignRead */
        NetworkingCampaignRead: {
            id: string;
            name: string;
            /** @enum {string} */
            status: "DRAFT" | "ACTIVE" | "COMPLETED" | "ARCHIVED";
            creator: components["schemas"]["ApiWorkspaceUserRead"];
            participants: components["schemas"]["ApiWorkspaceUserRead"][];
            description: string | null;
            /** @description The enrolled contacts in enrolment order: all of them from GET /v2/networking/campaigns/{campaign_id}; in a list page, the first 100 of each campaign (contacts_total tells whether there are more). */
            contacts: components["schemas"]["NetworkingCampaignContact"][];
            /** @description How many contacts are enrolled in the campaign. */
            contacts_total: number;
        };
        /** NetworkingCampaignList */
        NetworkingCampaignList: {
            /** @description Number of campaigns in the workspace. */
            total: number;
            items: components["schemas"]["NetworkingCampaignRead"][];
            /** @default false */
            has_more: boolean;
            /** @description Cursor for the next page; null when exhausted. */
            cursor: string | null;
        };
        WebhookSubscription: {
            id: string;
            url: string;
            event_types: string[];
            enabled: boolean;
            /** @description Why the service disabled it (deliveries failing for 24 hours); null otherwise. */
            disabled_reason: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookSubscriptionCreated: {
            id: string;
            url: string;
            event_types: string[];
            enabled: boolean;
            /** @description Why the service disabled it (deliveries failing for 24 hours); null otherwise. */
            disabled_reason: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The signing secret (whsec_…), shown this once: store it to verify deliveries. */
            secret: string;
        };
        WebhookSubscriptionList: {
            items: components["schemas"]["WebhookSubscription"][];
        };
        WebhookDelivery: {
            id: string;
            /** @description The webhook-id header: the same on every attempt at one event. */
            event_id: string;
            event_type: string;
            /** @description The attempt at this event, from 1. */
            attempt: number;
            /** Format: date-time */
            attempted_at: string;
            /** @description The receiver's status; null when none came (time-out, refused address, connection error). */
            status_code: number | null;
            response_ms: number;
            error: string | null;
        };
        WebhookDeliveryList: {
            total: number;
            items: components["schemas"]["WebhookDelivery"][];
            has_more: boolean;
            cursor: string | null;
        };
        WebhookTestEvent: {
            /** @description The webhook-id the test event is sent with. */
            event_id: string;
        };
        /** ConsoleSignIn */
        ConsoleSignIn: {
            email: string;
            password: string;
        };
        /** ConsoleSetPassword */
        ConsoleSetPassword: {
            token: string;
            password: string;
        };
        /** ConsoleSession */
        ConsoleSession: {
            workspace_id: string;
            member_id: string;
            email: string;
            role: "admin" | "member";
            /** @description Send it back in the x-csrf-token header of every state-changing request. */
            csrf_token: string;
        };
        /** ConsoleApiKey */
        ConsoleApiKey: {
            id: string;
            name: string | null;
            prefix: string;
            created_at: string;
            revoked_at: string | null;
        };
        /** ConsoleNewKey */
        ConsoleNewKey: {
            name: string;
        };
        /** ConsoleCreatedKey */
        ConsoleCreatedKey: {
            id: string;
            /** @description Shown once. */
            key: string;
        };
        /** ConsoleActivityEntry */
        ConsoleActivityEntry: {
            id: string;
            /** Format: date-time */
            at: string;
            actor: {
                /** @description member, api_key or operator (the CLI) */
                kind: string;
                /** @description The member's or the API key's id; null for the operator. */
                id: string | null;
            };
            /** @description api_key.created, api_key.revoked, webhook.created, webhook.updated, webhook.deleted */
            action: string;
            subject: string | null;
            /** @description What the act set; never a secret. */
            details: {
                [key: string]: unknown;
            };
        };
        /** ConsoleActivityPage */
        ConsoleActivityPage: {
            items: components["schemas"]["ConsoleActivityEntry"][];
            next_cursor: string | null;
        };
        /** ConsoleBulkStatus */
        ConsoleBulkStatus: {
            lead_ids: string[];
            /** @enum {string} */
            status: "QUALIFIED" | "DISQUALIFIED";
        };
        /** ConsoleBulkStatusResult */
        ConsoleBulkStatusResult: {
            /** @description Leads whose status changed. */
            updated: string[];
            /** @description Leads that already had the status. */
            unchanged: string[];
        };
        /** ConsoleLeadWhy */
        ConsoleLeadWhy: {
            lead_id: string;
            /** @description The stored score (refreshed by the periodic re-score). */
            engagement_score: number | null;
            /** @description The score of the events below at this moment, by the scoring code itself; for a lead restored from a snapshot, its stored score. */
            score_now: number;
            /**
             * @description snapshot: the lead came from a snapshot, which carries its score, event count and history but not the events one by one (events is empty).
             * @enum {string}
             */
            scored_from: "events" | "snapshot";
            /** @description The engagement events behind the score (for a snapshot lead, its engagement_events_count). */
            events_count: number;
            half_life_days: number;
            saturation: number;
            events: {
                id: string;
                post_id: string;
                /** @enum {string} */
                kind: "LIKE" | "COMMENT" | "SHARE";
                /** Format: date-time */
                at: string;
                /** @description The kind's weight. */
                weight: number;
                /** @description What the event adds now: its weight halved every half-life of age. */
                mass: number;
            }[];
            icp: {
                is_icp_match: boolean;
                /**
                 * @description member: a member's answer, which ICP rules no longer change.
                 * @enum {string}
                 */
                set_by: "rules" | "member";
                /** @description The workspace's ICP rules against this lead; every one must match. Empty: no rules, nobody matches. */
                checks: {
                    /** @enum {string} */
                    rule: "job_title_keywords" | "seniorities" | "company_size" | "industries" | "countries";
                    wanted: string;
                    /** @description The lead's value the rule was checked against. */
                    value: string | null;
                    matched: boolean;
                }[];
            };
            is_account_based: boolean;
        };
        /** ConsoleCompanyChoice */
        ConsoleCompanyChoice: {
            id: number;
            slug: string | null;
            name: string | null;
        };
        /** ConsoleLeadHistoryEntry */
        ConsoleLeadHistoryEntry: {
            id: string;
            description: string | null;
            recorded_at: string | null;
            /** @description The post an engagement line is about, when the workspace holds it. */
            post: {
                id: string;
                url: string;
            } | null;
        };
        /** ConsoleSavedView */
        ConsoleSavedView: {
            id: string;
            name: string;
            query: string;
        };
        /** ConsoleNewSavedView */
        ConsoleNewSavedView: {
            /** @description Unique per member: saving a name again replaces its query. */
            name: string;
            /** @description The leads page's URL query (after #/leads?). */
            query: string;
        };
        /** ConsoleTrackedContact */
        ConsoleTrackedContact: {
            team_member_id: string;
            contact_urn: string;
            name: string | null;
            headline: string | null;
            username: string | null;
        };
        /** ConsoleContactChoice */
        ConsoleContactChoice: {
            urn: string;
            name: string | null;
            headline: string | null;
            username: string | null;
        };
        /** ConsoleTrack */
        ConsoleTrack: {
            contact_urn: string;
            /** @description Whose tracking; the signed-in member when left out (admins may name any member). */
            team_member_id?: string;
        };
        /** ConsoleTeamMember */
        ConsoleTeamMember: {
            id: string;
            email: string;
            name: string | null;
            is_active_seat: boolean;
            time_zone: string;
            integration_status: string;
            /** @description The network account can act (integration_status CONNECTED). */
            linked: boolean;
            /** @description The member's Unipile account, when linked on Unipile. */
            account_id: string | null;
            usage: {
                invitations_today: {
                    used: number;
                    limit: number;
                };
                invitations_7_days: {
                    used: number;
                    limit: number;
                };
                messages_today: {
                    used: number;
                    limit: number;
                };
            };
            console: {
                /** @enum {string} */
                role: "admin" | "member";
                /** @description The member has set a password through a link. */
                signed_up: boolean;
            } | null;
        };
        /** ConsoleTeam */
        ConsoleTeam: {
            /** @description none, sandbox or unipile */
            network_provider: string;
            members: components["schemas"]["ConsoleTeamMember"][];
        };
        /** ConsoleNewMember */
        ConsoleNewMember: {
            /** @description Unique in the workspace. */
            email: string;
            first_name?: string;
            last_name?: string;
            /** @description An IANA time zone (working hours apply in it); UTC when left out. */
            time_zone?: string;
        };
        /** ConsoleTimeZone */
        ConsoleTimeZone: {
            /** @description An IANA time zone, e.g. Europe/Berlin. */
            time_zone: string;
        };
        /** ConsoleInviteBody */
        ConsoleInviteBody: {
            /**
             * @description The console role the member signs in with (set at once).
             * @enum {string}
             */
            role: "admin" | "member";
        };
        /** ConsoleInviteLink */
        ConsoleInviteLink: {
            /** @description One-time sign-in link, shown once; it expires. */
            url: string;
            /** Format: date-time */
            expires_at: string;
        };
        /** ConsoleLink */
        ConsoleLink: {
            /** @description The member's Unipile account id (Unipile only). */
            account_id?: string;
        };
        /** ConsoleLinkResult */
        ConsoleLinkResult: {
            id: string;
            integration_status: string;
        } & {
            [key: string]: unknown;
        };
        /** ConsoleCreditLedger */
        ConsoleCreditLedger: {
            current_balance: number;
            last_updated: string | null;
            entries: {
                id: string;
                delta: number;
                reason: string | null;
                /** Format: date-time */
                created_at: string;
                /** @description The lead an email was found for (the reason names its id), when it is still shown. */
                lead: {
                    id: string;
                    name: string;
                } | null;
            }[];
        };
        /** ConsoleIcpRules */
        ConsoleIcpRules: {
            job_title_keywords?: string[];
            seniorities?: ("c_level" | "vp" | "head" | "director" | "manager" | "individual")[];
            company_size?: {
                min?: number;
                max?: number;
            };
            industries?: string[];
            countries?: string[];
        };
        /** ConsoleIcpSettings */
        ConsoleIcpSettings: {
            icp_rules: components["schemas"]["ConsoleIcpRules"] | null;
        };
        /** ConsoleIcpUpdate */
        ConsoleIcpUpdate: {
            /** @description The rules (ConsoleIcpRules); checked by the service, whose message names the field. */
            icp_rules: unknown;
        };
        /** ConsoleTargetAccount */
        ConsoleTargetAccount: {
            /** @description A company slug or numeric id (stored in lower case). */
            value: string;
        };
        /** ConsoleSuppression */
        ConsoleSuppression: {
            /** @enum {string} */
            kind: "company" | "domain";
            value: string;
            /** Format: date-time */
            created_at: string;
        };
        /** ConsoleSuppressionCsv */
        ConsoleSuppressionCsv: {
            /** @description kind,value rows (kind: company or domain); a kind,value header is allowed. */
            csv: string;
        };
        /** ConsoleSuppressionReport */
        ConsoleSuppressionReport: {
            /** @description Whether the accepted rows were stored: never when a row is rejected. */
            committed: boolean;
            accepted: {
                line: number;
                /** @enum {string} */
                kind: "company" | "domain";
                value: string;
            }[];
            unchanged: {
                line: number;
                /** @enum {string} */
                kind: "company" | "domain";
                value: string;
            }[];
            rejected: {
                line: number;
                text: string;
                reason: string;
            }[];
        };
        /** ConsoleNetworkBinding */
        ConsoleNetworkBinding: {
            /** @description none, sandbox or unipile */
            provider: string;
            /** @description Unipile's address (never its token). */
            dsn: string | null;
            /** @description Sandbox: simulated activity on. */
            activity: boolean | null;
            /** @description Sandbox: its clock pace. */
            pace: number | null;
        };
        /** ConsoleCampaign */
        ConsoleCampaign: {
            id: string;
            name: string;
            /** @enum {string} */
            status: "DRAFT" | "ACTIVE" | "COMPLETED" | "ARCHIVED";
            description: string | null;
            creator_id: string;
            /** @description The senders. */
            participant_ids: string[];
            contacts_total: number;
            settings: {
                /** @description Invitation note; {{first_name}} {{last_name}} {{company}}. */
                note_template: string | null;
                /** @description Message after acceptance (same placeholders); null: none. */
                follow_up_template: string | null;
                /** @description Hours after acceptance before the follow-up. */
                follow_up_delay_hours: number;
                /** @description Further follow-up steps after the first (at most 5 steps in all), each sent its delay after the one before; a reply ends the sequence. */
                follow_ups: {
                    /** @description Message of this step (same placeholders). */
                    template: string;
                    /** @description Hours after the previous step was sent. */
                    delay_hours: number;
                }[];
                /** @enum {string} */
                sender_policy: "WARM_FIRST" | "CAPACITY";
            };
            /** @description The workspace's sending limits: they apply to every campaign; admins change them. */
            limits: {
                /** @description Invitations per sender per calendar day (sender time zone). */
                daily_invitations: number;
                /** @description Invitations per sender per rolling 7 days. */
                weekly_invitations: number;
                /** @description Messages per sender per calendar day. */
                daily_messages: number;
                /** @description Working hours start (local to each sender, Monday to Friday). */
                work_start_hour: number;
                /** @description Working hours end (exclusive). */
                work_end_hour: number;
            };
            /** @description The network's limit on an invitation note, in characters. */
            note_limit: number;
            /** @description Team members who may send. */
            members: {
                id: string;
                email: string;
                name: string | null;
                time_zone: string;
                integration_status: string;
            }[];
        };
        /** ConsoleNewCampaign */
        ConsoleNewCampaign: {
            name: string;
            description?: string | null;
            /** @description Senders; default: the signed-in member. */
            participant_ids?: string[];
        };
        /** ConsoleCampaignChanges */
        ConsoleCampaignChanges: {
            /** @description The senders, exactly. */
            participant_ids?: string[];
            /** @description Invitation note; {{first_name}} {{last_name}} {{company}}. */
            note_template?: string | null;
            /** @description Message after acceptance (same placeholders); null: none. */
            follow_up_template?: string | null;
            /** @description Hours after acceptance before the follow-up. */
            follow_up_delay_hours?: number;
            /** @description Further follow-up steps after the first (at most 5 steps in all), each sent its delay after the one before; a reply ends the sequence. */
            follow_ups?: {
                /** @description Message of this step (same placeholders). */
                template: string;
                /** @description Hours after the previous step was sent. */
                delay_hours: number;
            }[];
            /** @enum {string} */
            sender_policy?: "WARM_FIRST" | "CAPACITY";
            /** @description Changes the workspace's sending limits (admins). */
            limits?: {
                /** @description Invitations per sender per calendar day (sender time zone). */
                daily_invitations?: number;
                /** @description Invitations per sender per rolling 7 days. */
                weekly_invitations?: number;
                /** @description Messages per sender per calendar day. */
                daily_messages?: number;
                /** @description Working hours start (local to each sender, Monday to Friday). */
                work_start_hour?: number;
                /** @description Working hours end (exclusive). */
                work_end_hour?: number;
            };
        };
        /** ConsoleCampaignStatus */
        ConsoleCampaignStatus: {
            /** @enum {string} */
            status: "ACTIVE" | "DRAFT" | "ARCHIVED";
        };
        /** ConsoleEnrolLeads */
        ConsoleEnrolLeads: {
            lead_ids: string[];
        };
        /** ConsoleEnrolReport */
        ConsoleEnrolReport: {
            /** @description Lead ids enrolled now. */
            enrolled: string[];
            /** @description Lead ids not enrolled, each with why (not found, no network username, already enrolled, a duplicate). */
            skipped: {
                lead_id: string;
                reason: string;
            }[];
        };
        /** ConsoleCampaignStats */
        ConsoleCampaignStats: {
            id: string;
            /** @enum {string} */
            status: "DRAFT" | "ACTIVE" | "COMPLETED" | "ARCHIVED";
            /** @description Contacts per state. */
            contacts: {
                QUEUED: number;
                INVITED: number;
                CONNECTED: number;
                REPLIED: number;
                FAILED: number;
                SKIPPED: number;
                WITHDRAWN: number;
            };
            /** @description Of the contacts invited, the share who accepted; null before any invitation. */
            acceptance_rate: number | null;
            /** @description Of the contacts connected or replied, the share who replied. */
            reply_rate: number | null;
            senders: {
                team_member_id: string;
                time_zone: string;
                integration_status: string;
                invitations_today: {
                    used: number;
                    limit: number;
                };
                invitations_7_days: {
                    used: number;
                    limit: number;
                };
                messages_today: {
                    used: number;
                    limit: number;
                };
                paused: {
                    reason: string;
                    until: string | null;
                } | null;
                /** @description Outside working hours: when the sender may act next. */
                waiting: string | null;
            }[];
            /** @description The last 14 UTC days, oldest first. */
            days: {
                /** Format: date */
                day: string;
                invitations: number;
                acceptances: number;
                replies: number;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getServiceInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        version: string;
                        docs_url: string;
                        openapi_url: string;
                    };
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    receiveUnipileWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The workspace hook id (in the URL registered at Unipile). */
                hookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description stored: kept for the worker; duplicate: that event was stored before (nothing new); ignored: an event the service does not act on (nothing stored). */
                        status: "stored" | "duplicate" | "ignored";
                    };
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleSignIn"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleSession"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleSetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleSetPassword"];
            };
        };
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleSession"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleSignOut: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleListLeads: {
        parameters: {
            query?: {
                sort_by?: "newest_first" | "oldest_first" | "last_touch_first" | "last_touch_last" | "most_engaged_first" | "least_engaged_first";
                /** @description Leads created on or after this UTC day. */
                start_date?: string;
                /** @description Leads created on or before this UTC day. */
                end_date?: string;
                /** @description Window from 00:00:00Z of (today UTC - days); overrides start_date/end_date. */
                days?: number;
                status?: "NEW" | "QUALIFIED" | "DISQUALIFIED";
                /** @description Company slug or numeric id. */
                company_public_id?: string;
                post_id?: string;
                email_enriched?: boolean;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceLeadsPageResponse"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleGetLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                lead_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkedinLeadExport"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleUpdateLead: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                lead_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadUpdatePayload"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkedinLeadExport"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleListKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleApiKey"][];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleCreateKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleNewKey"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleCreatedKey"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleActivity: {
        parameters: {
            query?: {
                limit?: number;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleActivityPage"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleRevokeKey: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleBulkLeadStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleBulkStatus"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleBulkStatusResult"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleLeadWhy: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                lead_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleLeadWhy"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleSearchLeads: {
        parameters: {
            query: {
                /** @description Words that start words of the lead's name or headline (all of them), or text in its company's name. */
                q: string;
                status?: "NEW" | "QUALIFIED" | "DISQUALIFIED";
                sort_by?: "newest_first" | "oldest_first" | "last_touch_first" | "last_touch_last" | "most_engaged_first" | "least_engaged_first";
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceLeadsPageResponse"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleCompanyChoices: {
        parameters: {
            query: {
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleCompanyChoice"][];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleLeadHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                lead_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleLeadHistoryEntry"][];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleSavedViews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleSavedView"][];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleSaveView: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleNewSavedView"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleSavedView"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleDeleteSavedView: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                view_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleExportLeads: {
        parameters: {
            query?: {
                sort_by?: "newest_first" | "oldest_first" | "last_touch_first" | "last_touch_last" | "most_engaged_first" | "least_engaged_first";
                /** @description Leads created on or after this UTC day. */
                start_date?: string;
                /** @description Leads created on or before this UTC day. */
                end_date?: string;
                /** @description Window from 00:00:00Z of (today UTC - days); overrides start_date/end_date. */
                days?: number;
                status?: "NEW" | "QUALIFIED" | "DISQUALIFIED";
                /** @description Company slug or numeric id. */
                company_public_id?: string;
                post_id?: string;
                email_enriched?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV, one header row then one row per lead */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleListCampaigns: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 50. */
                limit?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NetworkingCampaignList"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleCreateCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleNewCampaign"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleCampaign"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleGetCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleCampaign"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleConfigureCampaign: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleCampaignChanges"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleCampaign"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleSetCampaignStatus: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleCampaignStatus"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleCampaign"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleCampaignStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleCampaignStats"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleEnrolLeads: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleEnrolLeads"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleEnrolReport"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleTeamFeed: {
        parameters: {
            query?: {
                sort_by?: "newest_first" | "oldest_first" | "most_viewed_first" | "least_viewed_first";
                /** @description Posts published on or after this UTC day. */
                start_date?: string;
                /** @description Posts published on or before this UTC day. */
                end_date?: string;
                /** @description Window from 00:00:00Z of (today UTC - days); overrides start_date/end_date. */
                days?: number;
                /** @description Id from GET /v2/workspace/users. */
                team_member_id?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamFeedPostsListResponse"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleTrackedFeed: {
        parameters: {
            query?: {
                sort_by?: "newest_first" | "oldest_first" | "most_viewed_first" | "least_viewed_first";
                /** @description Posts published on or after this UTC day. */
                start_date?: string;
                /** @description Posts published on or before this UTC day. */
                end_date?: string;
                /** @description Window from 00:00:00Z of (today UTC - days); overrides start_date/end_date. */
                days?: number;
                /** @description Id from GET /v2/workspace/users. */
                team_member_id?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamFeedPostsListResponse"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleSearchContacts: {
        parameters: {
            query: {
                q: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleContactChoice"][];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleListTrackedContacts: {
        parameters: {
            query?: {
                team_member_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTrackedContact"][];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleTrackContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleTrack"];
            };
        };
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleUntrackContact: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                team_member_id: string;
                contact_urn: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleTeam: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTeam"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleAddMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleNewMember"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                    };
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleSetTimeZone: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                member_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleTimeZone"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTimeZone"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleInviteMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                member_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleInviteBody"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleInviteLink"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleLinkMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                member_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleLink"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleLinkResult"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleUnlinkMember: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                member_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleLinkResult"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleCreditLedger: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleCreditLedger"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleIcpRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleIcpSettings"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleSetIcpRules: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleIcpUpdate"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleIcpSettings"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleTargetAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consoleAddTargetAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleTargetAccount"];
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleTargetAccount"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleRemoveTargetAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                value: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleSuppressions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleSuppression"][];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    consolePreviewSuppressionCsv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleSuppressionCsv"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleSuppressionReport"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleImportSuppressionCsv: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsoleSuppressionCsv"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleSuppressionReport"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
        };
    };
    consoleNetworkBinding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsoleNetworkBinding"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listWorkspaceUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiWorkspaceUserRead"][];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getWorkspaceCredits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceBalanceRead"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listLeads: {
        parameters: {
            query?: {
                sort_by?: "newest_first" | "oldest_first" | "last_touch_first" | "last_touch_last" | "most_engaged_first" | "least_engaged_first";
                /** @description Leads created on or after this UTC day. */
                start_date?: string;
                /** @description Leads created on or before this UTC day. */
                end_date?: string;
                /** @description Window from 00:00:00Z of (today UTC - days); overrides start_date/end_date. */
                days?: number;
                status?: "NEW" | "QUALIFIED" | "DISQUALIFIED";
                /** @description Company slug or numeric id. */
                company_public_id?: string;
                post_id?: string;
                email_enriched?: boolean;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceLeadsPageResponse"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getLead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                lead_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkedinLeadExport"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    updateLead: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                lead_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeadUpdatePayload"];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkedinLeadExport"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listTeamFeed: {
        parameters: {
            query?: {
                sort_by?: "newest_first" | "oldest_first" | "most_viewed_first" | "least_viewed_first";
                /** @description Posts published on or after this UTC day. */
                start_date?: string;
                /** @description Posts published on or before this UTC day. */
                end_date?: string;
                /** @description Window from 00:00:00Z of (today UTC - days); overrides start_date/end_date. */
                days?: number;
                /** @description Id from GET /v2/workspace/users. */
                team_member_id?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamFeedPostsListResponse"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listTrackedContactsFeed: {
        parameters: {
            query?: {
                sort_by?: "newest_first" | "oldest_first" | "most_viewed_first" | "least_viewed_first";
                /** @description Posts published on or after this UTC day. */
                start_date?: string;
                /** @description Posts published on or before this UTC day. */
                end_date?: string;
                /** @description Window from 00:00:00Z of (today UTC - days); overrides start_date/end_date. */
                days?: number;
                /** @description Id from GET /v2/workspace/users. */
                team_member_id?: string;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamFeedPostsListResponse"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listCampaigns: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 50. */
                limit?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NetworkingCampaignList"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getCampaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NetworkingCampaignRead"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    enrollCampaignProfiles: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                campaign_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    profiles: {
                        /** @description Public handle on the external network: letters and digits, then also - _ and . (no spaces). */
                        username: string;
                        network_urn?: string | null;
                        first_name?: string | null;
                        last_name?: string | null;
                        email?: string | null;
                        /** @description External CRM record id. */
                        crm_id?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    checkConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Team member whose network account is used. */
                    team_member_id: string;
                    /** @description Network urn of the contact (exactly one of contact_urn and lead_id). */
                    contact_urn?: string | null;
                    /** @description A lead of the workspace; resolves to its contact. */
                    lead_id?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        exists: boolean;
                    };
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    sendConnectionRequest: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Team member whose network account is used. */
                    team_member_id: string;
                    /** @description Network urn of the contact (exactly one of contact_urn and lead_id). */
                    contact_urn?: string | null;
                    /** @description A lead of the workspace; resolves to its contact. */
                    lead_id?: string | null;
                    /** @description Optional note sent with the invitation. */
                    message?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    sendDirectMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Team member whose network account is used. */
                    team_member_id: string;
                    /** @description Network urn of the contact (exactly one of contact_urn and lead_id). */
                    contact_urn?: string | null;
                    /** @description A lead of the workspace; resolves to its contact. */
                    lead_id?: string | null;
                    /** @description Message content. */
                    message: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionList"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where events are POSTed: https, resolving to public addresses only (unless the operator allows private ones). */
                    url: string;
                    /** @description The event types sent to this URL. */
                    event_types: ("lead.created" | "lead.updated" | "lead.enriched" | "connection.requested" | "connection.accepted" | "message.sent" | "message.replied" | "campaign.completed" | "member.disconnected" | "person.forgotten")[];
                    /** @default true */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscriptionCreated"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Where events are POSTed: https, resolving to public addresses only (unless the operator allows private ones). */
                    url?: string;
                    /** @description The event types sent to this URL. */
                    event_types?: ("lead.created" | "lead.updated" | "lead.enriched" | "connection.requested" | "connection.accepted" | "message.sent" | "message.replied" | "campaign.completed" | "member.disconnected" | "person.forgotten")[];
                    /** @description true enables it again after the service disabled it (its back-off starts afresh). */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSubscription"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    testWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description A key of the client's choosing that makes a retry of this write safe. */
                "idempotency-key"?: string;
            };
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestEvent"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                webhook_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description Every error other than 422 has this body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Every error other than 422 has this body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
            /** @description Default Response */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HTTPValidationError"];
                };
            };
            /** @description Every error other than 422 has this body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorDetail"];
                };
            };
        };
    };
}

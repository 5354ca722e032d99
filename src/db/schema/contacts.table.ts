// People and companies on the external network, as known to one workspace.
export interface CompaniesTable {
  workspace_id: string;
  id: number;
  hash_id: string;
  name: string | null;
  slug: string | null;
  picture: string | null;
  employees_num_min: number | null;
  employees_num_max: number | null;
  headquarters: string | null;
  location: string | null;
  followers: number | null;
  state: string | null;
  country: string | null;
  website_url: string | null;
  phone_number: string | null;
  company_type: string | null;
  founded_year: number | null;
  description: string | null;
  tagline: string | null;
  /** JSON arrays, stored as text. */
  industries: string;
  specialties: string;
  funding: string;
  is_verified: number | null;
  network_url: string | null;
  created_at: number;
  // company_json (migration 0085) is not here: triggers keep it and only the lead list's rendering
  // reads it (leads/lead-json.query.ts), so no application row carries or writes it.
}

export interface ContactsTable {
  workspace_id: string;
  urn: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  headline: string | null;
  job_title: string | null;
  picture: string | null;
  followers_count: number | null;
  connections_count: number | null;
  country: string | null;
  company_id: number | null;
  network_url: string | null;
  created_at: number;
  updated_at: number;
}

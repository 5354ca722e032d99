// Hash routes (#/sign-in, #/invite/<token>, #/leads?<filters>, #/leads/<id>?<filters>, #/campaigns, #/campaigns/<id>, #/keys): the server serves one
// index.html and the invitation token never reaches a server log.
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { api, setCsrf, type Session } from './api';
import { CampaignPage } from './campaigns/campaign-page';
import { Campaigns } from './campaigns/campaign-list';
import { Keys } from './keys';
import { Feeds } from './feeds/feeds';
import { Settings } from './settings/settings';
import { TeamPage } from './team/team';
import { Leads } from './leads';
import { EnrolInCampaign } from './leads/enrol';
import { SetPassword, SignIn } from './sign-in';
import './style.css';

const LEAD_ACTIONS = [EnrolInCampaign];

function useHash(): string {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return hash;
}

/** #/feeds, #/team and #/settings (admins): the Feeds, Team and Settings pages; null for the pages below. */
function pageOf(hash: string, session: Session) {
  if (hash === '#/feeds') return <Feeds session={session} />;
  if (hash === '#/team') return <TeamPage session={session} />;
  if (hash === '#/settings' && session.role === 'admin') return <Settings />;
  return null;
}

function App() {
  const hash = useHash();
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  useEffect(() => {
    api.GET('/app/api/session').then(({ data }) => {
      if (data) setCsrf(data.csrf_token);
      setSession(data ?? null);
    });
  }, []);
  const signedIn = (s: Session) => {
    setCsrf(s.csrf_token);
    setSession(s);
    location.hash = '#/leads';
  };
  const invite = /^#\/invite\/(.+)$/.exec(hash);
  if (invite) return <SetPassword token={invite[1]} />;
  if (session === undefined) return <p role="status">Loading…</p>;
  if (session === null) return <SignIn onSignedIn={signedIn} />;
  const signOut = async () => {
    await api.POST('/app/api/sign-out');
    setSession(null);
    location.hash = '#/sign-in';
  };
  // #/leads/<id>?<filters>: the lead in the drawer over the leads its filters list.
  const leads = /^#\/leads(?:\/([^?]+))?(?:\?(.*))?$/.exec(hash);
  const campaign = /^#\/campaigns\/(.+)$/.exec(hash);
  const campaignPage = campaign ? <CampaignPage id={decodeURIComponent(campaign[1])} isAdmin={session.role === 'admin'} /> : hash === '#/campaigns' ? <Campaigns /> : null;
  return (
    <>
      <header>
        <nav aria-label="Main">
          <a href="#/leads">Leads</a>
          <a href="#/campaigns">Campaigns</a>
          <a href="#/feeds">Feeds</a>
          <a href="#/team">Team</a>
          {session.role === 'admin' && <a href="#/keys">API keys</a>}
          {session.role === 'admin' && <a href="#/settings">Settings</a>}
        </nav>
        <span class="who">{session.email} ({session.role})</span>
        <button type="button" onClick={signOut}>Sign out everywhere</button>
      </header>
      <main>{campaignPage ?? pageOf(hash, session) ?? (hash === '#/keys' && session.role === 'admin' ? <Keys /> : <Leads openId={leads?.[1] ? decodeURIComponent(leads[1]) : null} query={leads?.[2] ?? ''} actions={LEAD_ACTIONS} />)}</main>
    </>
  );
}

render(<App />, document.getElementById('root')!);

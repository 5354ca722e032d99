// The demo world as snapshot document text, produced piece by piece (import it, or write it).
import { Readable } from 'node:stream';
import { demoWorld, type DemoOptions } from './demo-world.js';

function* chunks(options: DemoOptions): Generator<string> {
  const world = demoWorld(options);
  yield `{"format":"workspace-snapshot","version":1,\n"workspace":${JSON.stringify(world.workspace)}`;
  const sections: [string, number, (i: number) => unknown][] = [
    ['team_members', world.team_members.length, (i) => world.team_members[i]],
    ['companies', world.companies.length, (i) => world.companies[i]],
    ['contacts', world.contacts.count, world.contacts.at],
    ['posts', world.posts.length, (i) => world.posts[i]],
    ['leads', world.leads.count, world.leads.at],
    ['connections', world.connections.length, (i) => world.connections[i]],
    ['campaigns', world.campaigns.length, (i) => world.campaigns[i]],
  ];
  for (const [name, count, at] of sections) {
    let text = `,\n"${name}":[`;
    for (let i = 0; i < count; i++) {
      text += `${i === 0 ? '\n' : ',\n'}${JSON.stringify(at(i))}`;
      if (text.length > 1 << 16) {
        yield text;
        text = '';
      }
    }
    yield `${text}${count ? '\n' : ''}]`;
  }
  yield '\n}\n';
}

/** A readable stream of the demo snapshot document. */
export function demoSnapshotStream(options: DemoOptions): Readable {
  return Readable.from(chunks(options), { objectMode: false });
}

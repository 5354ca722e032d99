// An HTTPS server on 127.0.0.1 with a certificate made for it (the service gets the certificate
// as its CA file): what every local fake of an external API (Unipile, the CRMs) listens with.
import https from 'node:https';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';

export interface LocalHttps {
  server: Server;
  url: string;
  /** The self-signed certificate, PEM: the CA a client must trust. */
  ca: string;
}

export async function startLocalHttps(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<LocalHttps> {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const server = https.createServer({ key: pems.private, cert: pems.cert }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, ca: pems.cert };
}

/** Ends the answers still hanging, every connection, then the server. */
export async function closeLocalHttps(server: Server | null, hanging: ServerResponse[]): Promise<void> {
  for (const res of hanging) res.destroy();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

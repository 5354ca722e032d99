import fs from 'node:fs';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import selfsigned from 'selfsigned';
import type { Config } from '../config.js';
import { DAY_MS } from '../shared/time.js';

export interface TlsMaterial {
  cert: string;
  key: string;
  /** SHA-256 fingerprint, colon-separated hex, as browsers and `openssl x509 -fingerprint -sha256` show it. */
  fingerprint: string;
  selfSigned: boolean;
}

const fingerprintOf = (cert: string) => new X509Certificate(cert).fingerprint256;

/** The configured pair, or a self-signed certificate kept in the data directory (created once). */
export async function loadTlsMaterial(config: Config): Promise<TlsMaterial> {
  if (config.tlsCert && config.tlsKey) {
    const cert = fs.readFileSync(config.tlsCert, 'utf8');
    return { cert, key: fs.readFileSync(config.tlsKey, 'utf8'), fingerprint: fingerprintOf(cert), selfSigned: false };
  }
  const certFile = path.join(config.dataDir, 'tls', 'cert.pem');
  const keyFile = path.join(config.dataDir, 'tls', 'key.pem');
  if (!fs.existsSync(certFile) || !fs.existsSync(keyFile)) {
    const notBefore = new Date();
    const notAfter = new Date(notBefore.getTime() + 5 * 365 * DAY_MS);
    const pems = await selfsigned.generate([{ name: 'commonName', value: 'warmline.local' }], {
      keySize: 2048,
      algorithm: 'sha256',
      notBeforeDate: notBefore,
      notAfterDate: notAfter,
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
            { type: 7, ip: '::1' },
          ],
        },
      ],
    });
    fs.mkdirSync(path.dirname(certFile), { recursive: true, mode: 0o700 });
    fs.writeFileSync(keyFile, pems.private, { mode: 0o600 });
    fs.writeFileSync(certFile, pems.cert);
  }
  const cert = fs.readFileSync(certFile, 'utf8');
  return { cert, key: fs.readFileSync(keyFile, 'utf8'), fingerprint: fingerprintOf(cert), selfSigned: true };
}

// Encryption at rest for secrets the service must read back (a network provider's token):
// AES-256-GCM under a key derived (HKDF-SHA256) from the server secret, one key per purpose.
// A sealed value is "v1.<iv>.<tag>.<ciphertext>" in base64url; the purpose is bound in as
// associated data too, so a value sealed for one purpose does not open for another.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: Buffer, private readonly purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'warmline secret-box', purpose, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(this.purpose));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ct].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  /** The plain text, or an error when the value was altered, sealed under another secret or purpose, or is no sealed value. */
  open(sealed: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('not a sealed value');
    const [iv, tag, ct] = parts.slice(1).map((p) => Buffer.from(p, 'base64url'));
    if (iv!.length !== 12 || tag!.length !== 16) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv!);
    decipher.setAAD(Buffer.from(this.purpose));
    decipher.setAuthTag(tag!);
    try {
      return Buffer.concat([decipher.update(ct!), decipher.final()]).toString('utf8');
    } catch {
      throw new Error('the sealed value was altered or sealed under another key');
    }
  }
}

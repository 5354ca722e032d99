import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.js';

const secret = Buffer.from('a server secret of some length', 'utf8');

describe('SecretBox', () => {
  it('opens what it sealed, and never holds the plain text in the sealed value', () => {
    const box = new SecretBox(secret, 'network-token');
    const sealed = box.seal('tok_live_123');
    expect(sealed).not.toContain('tok_live_123');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed)).toBe('tok_live_123');
    expect(box.seal('tok_live_123')).not.toBe(sealed); // a fresh IV each time
  });

  it('refuses a value with any byte of its ciphertext, tag or IV altered', () => {
    const box = new SecretBox(secret, 'network-token');
    const sealed = box.seal('tok_live_123');
    const parts = sealed.split('.');
    for (const i of [1, 2, 3]) {
      const bytes = Buffer.from(parts[i]!, 'base64url');
      bytes[0]! ^= 1;
      const tampered = [...parts];
      tampered[i] = bytes.toString('base64url');
      expect(() => box.open(tampered.join('.'))).toThrow();
    }
  });

  it('refuses a value sealed under another server secret or for another purpose', () => {
    const sealed = new SecretBox(secret, 'network-token').seal('tok');
    expect(() => new SecretBox(Buffer.from('another secret'), 'network-token').open(sealed)).toThrow(/altered|another key/);
    expect(() => new SecretBox(secret, 'webhook-secret').open(sealed)).toThrow(/altered|another key/);
  });

  it('refuses what is not a sealed value', () => {
    const box = new SecretBox(secret, 'network-token');
    for (const v of ['', 'tok_live_123', 'v2.a.b.c', 'v1.a.b']) expect(() => box.open(v)).toThrow(/not a sealed value/);
  });
});

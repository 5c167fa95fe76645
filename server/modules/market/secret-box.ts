import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts data-source secrets at rest (AES-256-GCM). The key is derived from the
 * server's SESSION_SECRET with HKDF, so the database alone never reveals an API key.
 * Format: `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 */
const VERSION = 'v1';
const INFO = 'pricer/data-source-secret/v1';

export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(payload: string): string;
}

export function createSecretBox(masterSecret: string): SecretBox {
  if (!masterSecret) throw new Error('secret box: empty master secret');
  const key = Buffer.from(hkdfSync('sha256', masterSecret, 'pricer-bijouterie', INFO, 32));
  return {
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    decrypt(payload) {
      const [version, iv, tag, ciphertext] = payload.split('.');
      if (version !== VERSION || !iv || !tag || ciphertext === undefined) {
        throw new Error('secret box: unknown format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

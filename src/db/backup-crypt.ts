// Backups encrypted at rest (BACKUP_ENCRYPT_KEY): AES-256-GCM from node:crypto, streamed, so a copy stolen from the
// backup folder or an off-site bucket reads as noise without the key. Layout: "AYUDABK1", a 12-byte nonce, the
// ciphertext, then the 16-byte tag; a file that was changed, cut short, or opened with another key is refused whole.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, openSync, readSync, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { BackupError } from './backup.ts';

const MAGIC = Buffer.from('AYUDABK1');
const NONCE = 12;
const TAG = 16;

/** Whether `file` starts as an encrypted backup does. */
export function isEncryptedBackup(file: string): boolean {
  const handle = openSync(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    return readSync(handle, head, 0, head.length, 0) === head.length && head.equals(MAGIC);
  } finally {
    closeSync(handle);
  }
}

/** Writes `source` encrypted under `key` to `target` (mode 0600). */
export async function encryptBackup(source: string, target: string, key: Buffer): Promise<void> {
  const nonce = randomBytes(NONCE);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  const out = createWriteStream(target, { mode: 0o600 });
  out.write(Buffer.concat([MAGIC, nonce]));
  await pipeline(createReadStream(source), cipher, out, { end: false });
  await new Promise<void>((resolve, reject) => {
    out.end(cipher.getAuthTag(), () => resolve());
    out.once('error', reject);
  });
}

/** Writes the backup inside `source` to `target` (mode 0600); a wrong key or a changed file is a BackupError. */
export async function decryptBackup(source: string, target: string, key: Buffer): Promise<void> {
  const size = statSync(source).size;
  if (size < MAGIC.length + NONCE + TAG)
    throw new BackupError('backup_encrypted_invalid', `${source} está incompleto.`);
  const handle = openSync(source, 'r');
  const nonce = Buffer.alloc(NONCE);
  const tag = Buffer.alloc(TAG);
  try {
    readSync(handle, nonce, 0, NONCE, MAGIC.length);
    readSync(handle, tag, 0, TAG, size - TAG);
  } finally {
    closeSync(handle);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, nonce);
  decipher.setAuthTag(tag);
  const start = MAGIC.length + NONCE;
  try {
    await pipeline(
      createReadStream(source, { start, end: size - TAG - 1 }),
      decipher,
      createWriteStream(target, { mode: 0o600 }),
    );
  } catch {
    // Nothing half-decrypted stays behind.
    rmSync(target, { force: true });
    throw new BackupError(
      'backup_encrypted_invalid',
      `No se pudo descifrar ${source}: la clave BACKUP_ENCRYPT_KEY no es la suya o el archivo cambió.`,
    );
  }
}

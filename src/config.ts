// Environment -> typed config. Fails fast with a message that names the variable.

import path from 'node:path';
import { DEFAULT_CHANGE_STREAMS_MAX } from './domain/change-streams.ts';
import { EXPORT_CACHE_DEFAULT_MB } from './domain/export-limits.ts';
import {
  DEFAULT_HELPER_LIMIT_PER_ADDRESS,
  DEFAULT_HELPER_LIMIT_PER_NUMBER,
  type HelperLimits,
} from './domain/helper-caps.ts';
import {
  DEFAULT_CHANNEL_MESSAGES_PER_MINUTE,
  DEFAULT_CHANNEL_SUBMISSIONS_PER_DAY,
  type IntakeLimits,
} from './domain/intake-limits.ts';
import { DEFAULT_DELIVERY_CONFIRM_HOURS } from './domain/pledges.ts';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface Config {
  port: number;
  host: string;
  baseUrl: string;
  database: DatabaseConfig;
  redisUrl: string | null;
  trustProxy: boolean | string;
  bodyLimitBytes: number;
  submissionsPerMinute: number;
  readsPerMinute: number;
  /** Largest MCP tool or resource result, serialised; a bigger one becomes an error asking for less. */
  mcpMaxResultBytes: number;
  logLevel: string;
  priorityRefreshMinutes: number;
  /** Days a centre's edit link works after it is made or renewed. */
  centerLinkDays: number;
  /** Hours a reported delivery may wait for its confirmation before the leaders' digest lists it. */
  deliveryConfirmHours: number;
  /** Minutes after a leader's urgent alert during which further ones are counted into one message. */
  alertEveryMinutes: number;
  /** Pledges and route claims one number and one client address may make in 24 hours. */
  helperLimits: HelperLimits;
  /** Change-feed streams (/changes/stream) one instance holds open in all. */
  changeStreamsMax: number;
  /** Where HXL exports are kept between changes of public data, and how much (EXPORT_CACHE_MB; 0: none). */
  exportCache: { dir: string; maxBytes: number };
  /** Messages a minute and submissions a day one number may send through the WhatsApp and SMS conversations. */
  intakeLimits: IntakeLimits;
  /** Map tiles for the website ({z}/{x}/{y}); the map still shows its markers when tiles cannot load. */
  tileUrl: string;
  /**
   * Who answers for the personal data this instance holds (the "Responsable del tratamiento" of Ley 1581 de 2012):
   * the organisation running it (DATA_CONTROLLER_NAME) and how to reach it (DATA_CONTROLLER_CONTACT); null while
   * unset, and /privacidad then says so.
   */
  dataControllerName: string | null;
  dataControllerContact: string | null;
  /** Hours after its last confirmation that a published record is "por confirmar"; then, this many more, expired. */
  reconfirmAfterHours: number;
  expireAfterHours: number;
  /** How long personal data is kept (README "Datos personales"); the purge erases it once these days have passed. */
  retention: RetentionConfig;
  /**
   * Webhooks may go to loopback, private, link-local and other non-public addresses (WEBHOOK_ALLOW_PRIVATE=true):
   * only for a receiver on the instance's own network, never on a shared service (it opens that network to whoever
   * registers a webhook).
   */
  webhookAllowPrivate: boolean;
  /** Time limit of one webhook attempt, connection included (WEBHOOK_TIMEOUT_MS); past it, the attempt failed. */
  webhookTimeoutMs: number;
  /**
   * The secret KoboToolbox's REST service sends in X-Ayuda-Kobo-Secret (KOBO_SECRET); null while unset, and
   * POST /integraciones/kobo then answers 404 integration_disabled.
   */
  koboSecret: string | null;
  /** The WhatsApp Business Cloud API (WHATSAPP_*); null while unset, and /integraciones/whatsapp answers 404. */
  whatsapp: WhatsappConfig | null;
  /** An SMS gateway (SMS_*); null while unset, and /integraciones/sms answers 404. */
  sms: SmsConfig | null;
  /** Who may read /metrics and the readiness detail (README "Operación"). */
  operations: OperationsConfig;
  /** The console's second factor (README "Segundo factor"). */
  secondFactor: SecondFactorConfig;
  /** Scheduled backups (README "Respaldos programados"); null while BACKUP_DIR is unset. */
  backups: BackupConfig | null;
  /** Minutes a leader's review batch ("Revisar los siguientes 20") is held before its cards go back to everyone. */
  reviewClaimMinutes: number;
  /**
   * NUMBER_HASH_KEY: 32 bytes (base64 or hex) that rejected submissions' numbers are hashed under (HMAC-SHA256), so
   * a new submission from a rejected number is flagged without the number being kept; null while unset: nothing is
   * kept and nothing is flagged. A key outside the database: whoever reads the table cannot test numbers against it.
   */
  numberHashKey: Buffer | null;
}

export interface BackupConfig {
  /** BACKUP_DIR: where backups and their erasure logs are written (keep it off the database's disk). */
  dir: string;
  /** BACKUP_EVERY_HOURS: a backup when the newest one is this old (default 24). */
  everyHours: number;
  /** BACKUP_KEEP: how many are kept, newest first (default 7). */
  keep: number;
  /** BACKUP_ENCRYPT_KEY: 32 bytes (base64 or hex) that backups are encrypted under (AES-256-GCM); null: not. */
  encryptKey: Buffer | null;
}

/** 32 bytes written as 64 hex digits or as base64; null when unset. */
export function keyBytes(env: NodeJS.ProcessEnv, name: string): Buffer | null {
  const raw = env[name];
  if (!raw) return null;
  const text = raw.trim();
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  // Standard or URL-safe base64, padded or not (openssl rand -base64 32).
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  throw new ConfigError(
    `${name} debe ser una clave de 32 bytes: 64 dígitos hexadecimales o 44 caracteres en base64 (openssl rand -base64 32)`,
  );
}

function backupConfig(env: NodeJS.ProcessEnv, afterCloseDays: number, cwd = process.cwd()): BackupConfig | null {
  if (!env.BACKUP_DIR) return null;
  const everyHours = int(env, 'BACKUP_EVERY_HOURS', 24, 1, 24 * 31);
  const keep = int(env, 'BACKUP_KEEP', 7, 1, 1000);
  // A backup holds the personal data of its day: the oldest one kept must not outlive the retention it promises.
  if (keep * everyHours > afterCloseDays * 24) {
    throw new ConfigError(
      `BACKUP_KEEP × BACKUP_EVERY_HOURS (${keep} × ${everyHours} h) guardaría respaldos más de ` +
        `RETENTION_AFTER_CLOSE_DAYS (${afterCloseDays} días): guarde menos o respalde más seguido`,
    );
  }
  return { dir: path.resolve(cwd, env.BACKUP_DIR), everyHours, keep, encryptKey: keyBytes(env, 'BACKUP_ENCRYPT_KEY') };
}

export interface OperationsConfig {
  /** METRICS_TOKEN: the bearer token /metrics and /readyz/detalle ask for on the service's port; null: not served. */
  metricsToken: string | null;
  /** METRICS_PORT: a second listener with /metrics alone, on METRICS_HOST (default 127.0.0.1); null: none. */
  metricsPort: number | null;
  metricsHost: string;
}

export type SecondFactorRule = 'admins' | 'all' | 'none';

export interface SecondFactorConfig {
  /** TOTP_KEY: the key TOTP secrets are encrypted under at rest (32 bytes, base64 or hex); null while unset. */
  totpKey: string | null;
  /** REQUIRE_2FA: whose accounts must set up a second factor right after their password. */
  require: SecondFactorRule;
}

function operationsConfig(env: NodeJS.ProcessEnv): OperationsConfig {
  const token = env.METRICS_TOKEN || null;
  if (token !== null && !/^[\x21-\x7e]{16,256}$/.test(token)) {
    throw new ConfigError('METRICS_TOKEN debe tener de 16 a 256 caracteres ASCII visibles, sin espacios');
  }
  const port = env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 1, 65535) : null;
  return { metricsToken: token, metricsPort: port, metricsHost: env.METRICS_HOST || '127.0.0.1' };
}

function secondFactorConfig(env: NodeJS.ProcessEnv): SecondFactorConfig {
  const rule = env.REQUIRE_2FA || 'admins';
  if (rule !== 'admins' && rule !== 'all' && rule !== 'none') {
    throw new ConfigError(`REQUIRE_2FA debe ser admins, all o none (recibido: "${rule}")`);
  }
  // Checked here so a malformed key stops the start; the console reads it again with the same rule.
  keyBytes(env, 'TOTP_KEY');
  return { totpKey: env.TOTP_KEY || null, require: rule };
}

export interface WhatsappConfig {
  /** What Meta sends back in the webhook's set-up handshake (hub.verify_token). */
  verifyToken: string;
  /** The app secret: every POST is signed with it (X-Hub-Signature-256). */
  appSecret: string;
  accessToken: string;
  phoneNumberId: string;
  /** The Graph API with its version, without a trailing slash. */
  apiUrl: string;
  /** Approved templates for messages outside the 24-hour window; null: such messages are not sent. */
  templates: { notice: string | null; alert: string | null; language: string };
}

export type SmsGateway = 'android' | 'rapidpro';

export interface SmsConfig {
  /** Shared secret: the X-Ayuda-Sms-Secret header, or the key of android-sms-gateway's signature. */
  secret: string;
  gateway: SmsGateway;
  /** Where replies are posted: android-sms-gateway's /message, or RapidPro's broadcasts endpoint. */
  sendUrl: string;
  /** The Authorization header sent with each reply ("Basic …" or "Token …"); null: none. */
  sendAuthorization: string | null;
}

export interface RetentionConfig {
  /** Days after a submission was decided (approved or rejected) that its identity document is kept. */
  identityDays: number;
  /** Days after a rejection that the rejected submission's personal data is kept. */
  rejectedDays: number;
  /** Days after a record was completed, or its emergency closed, that its personal data is kept. */
  afterCloseDays: number;
  /** Days the public change feed keeps its entries; an older cursor answers 410 cursor_expired. */
  changesDays: number;
  /** Days WhatsApp and SMS conversations, their message logs and sent messages are kept after their last message. */
  messagesDays: number;
}

/** One line people read on a public page: no control or invisible characters, and a bound; null when unset. */
function publicLine(env: NodeJS.ProcessEnv, name: string): string | null {
  const value = (env[name] ?? '').trim();
  if (value === '') return null;
  if (value.length > 300 || /[\p{Cc}\p{Cf}]/u.test(value)) {
    throw new ConfigError(
      `${name} debe ser una línea de hasta 300 caracteres, sin caracteres de control ni invisibles`,
    );
  }
  return value;
}

export class ConfigError extends Error {}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} debe ser un entero entre ${min} y ${max} (recibido: "${raw}")`);
  }
  return value;
}

/**
 * The exports' folder: EXPORT_CACHE_DIR, or `exports` beside a SQLite database, or `data/exports` under the working
 * folder with PostgreSQL; EXPORT_CACHE_MB at most, 0 to keep none.
 */
function exportCache(env: NodeJS.ProcessEnv): { dir: string; maxBytes: number } {
  const database = parseDatabaseUrl(env.DATABASE_URL);
  const fallback =
    database.kind === 'sqlite' && database.file !== ':memory:'
      ? path.join(path.dirname(database.file), 'exports')
      : path.resolve(process.cwd(), 'data/exports');
  const dir = env.EXPORT_CACHE_DIR ? path.resolve(env.EXPORT_CACHE_DIR) : fallback;
  return { dir, maxBytes: int(env, 'EXPORT_CACHE_MB', EXPORT_CACHE_DEFAULT_MB, 0, 100_000) * 1024 * 1024 };
}

/** true/1 or false/0 (unset: false). */
function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new ConfigError(`${name} debe ser true o false (recibido: "${raw}")`);
}

export function parseDatabaseUrl(raw: string | undefined, cwd = process.cwd()): DatabaseConfig {
  if (!raw) return { kind: 'sqlite', file: path.resolve(cwd, 'data/ayuda.db') };
  if (/^postgres(ql)?:\/\//.test(raw)) return { kind: 'postgres', url: raw };
  if (raw === ':memory:') return { kind: 'sqlite', file: raw };
  const file = raw.startsWith('sqlite:') ? raw.slice('sqlite:'.length).replace(/^\/\//, '') : raw;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) {
    throw new ConfigError(`DATABASE_URL no es ni postgres:// ni una ruta de archivo SQLite: "${raw}"`);
  }
  return { kind: 'sqlite', file: path.resolve(cwd, file) };
}

function trustProxy(raw: string | undefined): boolean | string {
  if (!raw || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  return raw; // a comma-separated list of addresses or CIDR ranges
}

function tileUrl(raw: string | undefined): string {
  const value = raw || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
  const ok = /^https?:\/\/[^\s"'<>]+$/.test(value) && ['{z}', '{x}', '{y}'].every((p) => value.includes(p));
  if (!ok) throw new ConfigError(`TILE_URL debe ser una URL http(s) con {z}, {x} e {y} (recibido: "${raw}")`);
  return value;
}

/** A header value Kobo can send, long enough not to be guessed. */
function koboSecret(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (!/^[\x21-\x7e]{16,256}$/.test(raw)) {
    throw new ConfigError('KOBO_SECRET debe tener de 16 a 256 caracteres ASCII visibles, sin espacios');
  }
  return raw;
}

function secretValue(env: NodeJS.ProcessEnv, name: string): string {
  const raw = env[name] ?? '';
  if (!/^[\x21-\x7e]{8,512}$/.test(raw)) {
    throw new ConfigError(`${name} debe tener de 8 a 512 caracteres ASCII visibles, sin espacios`);
  }
  return raw;
}

function httpUrl(env: NodeJS.ProcessEnv, name: string, fallback: string | undefined): string {
  const raw = env[name] || fallback || '';
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new ConfigError(`${name} debe ser una URL http(s) absoluta (recibido: "${env[name] ?? ''}")`);
  }
  return raw.replace(/\/+$/, '');
}

const WHATSAPP_REQUIRED = [
  'WHATSAPP_VERIFY_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_PHONE_NUMBER_ID',
] as const;

/** All four WhatsApp values or none: half a configuration would take messages it cannot answer. */
function whatsappConfig(env: NodeJS.ProcessEnv): WhatsappConfig | null {
  const given = WHATSAPP_REQUIRED.filter((name) => (env[name] ?? '') !== '');
  if (given.length === 0) return null;
  if (given.length < WHATSAPP_REQUIRED.length) {
    const missing = WHATSAPP_REQUIRED.filter((name) => !given.includes(name));
    throw new ConfigError(`WhatsApp está a medias: falta ${missing.join(', ')}`);
  }
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID ?? '';
  if (!/^\d{5,20}$/.test(phoneNumberId)) throw new ConfigError('WHATSAPP_PHONE_NUMBER_ID debe ser el id numérico');
  const template = (name: string) => {
    const raw = env[name] ?? '';
    if (raw === '') return null;
    if (!/^[a-z0-9_]{1,512}$/.test(raw))
      throw new ConfigError(`${name} debe ser el nombre de una plantilla (a-z, 0-9, _)`);
    return raw;
  };
  const language = env.WHATSAPP_TEMPLATE_LANGUAGE || 'es';
  if (!/^[a-z]{2}(_[A-Z]{2})?$/.test(language))
    throw new ConfigError('WHATSAPP_TEMPLATE_LANGUAGE debe ser como es o es_CO');
  return {
    verifyToken: secretValue(env, 'WHATSAPP_VERIFY_TOKEN'),
    appSecret: secretValue(env, 'WHATSAPP_APP_SECRET'),
    accessToken: secretValue(env, 'WHATSAPP_ACCESS_TOKEN'),
    phoneNumberId,
    apiUrl: httpUrl(env, 'WHATSAPP_API_URL', 'https://graph.facebook.com/v23.0'),
    templates: {
      notice: template('WHATSAPP_TEMPLATE_NOTICE'),
      alert: template('WHATSAPP_TEMPLATE_ALERT'),
      language,
    },
  };
}

function smsConfig(env: NodeJS.ProcessEnv): SmsConfig | null {
  if ((env.SMS_SECRET ?? '') === '') return null;
  const gateway = env.SMS_GATEWAY || 'android';
  if (gateway !== 'android' && gateway !== 'rapidpro') throw new ConfigError('SMS_GATEWAY debe ser android o rapidpro');
  if ((env.SMS_SEND_URL ?? '') === '')
    throw new ConfigError('Con SMS_SECRET hace falta SMS_SEND_URL (a dónde enviar las respuestas)');
  const authorization = env.SMS_SEND_AUTHORIZATION ?? '';
  if (authorization !== '' && !/^[\x20-\x7e]{1,1024}$/.test(authorization)) {
    throw new ConfigError('SMS_SEND_AUTHORIZATION debe ser un valor de cabecera ASCII');
  }
  return {
    secret: secretValue(env, 'SMS_SECRET'),
    gateway,
    sendUrl: httpUrl(env, 'SMS_SEND_URL', undefined),
    sendAuthorization: authorization === '' ? null : authorization,
  };
}

/**
 * The settings that name who answers for the personal data (Ley 1581 de 2012) and are still unset: the service
 * starts without them (the demo sets its own), but warns at start and shows administrators a banner until both are set.
 */
export function missingControllerSettings(
  config: Pick<Config, 'dataControllerName' | 'dataControllerContact'>,
): ('DATA_CONTROLLER_NAME' | 'DATA_CONTROLLER_CONTACT')[] {
  return [
    ...(config.dataControllerName === null ? (['DATA_CONTROLLER_NAME'] as const) : []),
    ...(config.dataControllerContact === null ? (['DATA_CONTROLLER_CONTACT'] as const) : []),
  ];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (env.DATA_CONTROLLER !== undefined && env.DATA_CONTROLLER !== '') {
    throw new ConfigError(
      'DATA_CONTROLLER ya no se usa: indique DATA_CONTROLLER_NAME (la organización) y DATA_CONTROLLER_CONTACT (cómo contactarla)',
    );
  }
  const port = int(env, 'PORT', 3000, 0, 65535);
  const baseUrl = (env.BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new ConfigError(`BASE_URL debe ser una URL http(s) absoluta (recibido: "${env.BASE_URL}")`);
  }
  const retention: RetentionConfig = {
    identityDays: int(env, 'RETENTION_IDENTITY_DAYS', 30, 1, 3650),
    rejectedDays: int(env, 'RETENTION_REJECTED_DAYS', 30, 1, 3650),
    afterCloseDays: int(env, 'RETENTION_AFTER_CLOSE_DAYS', 90, 1, 3650),
    changesDays: int(env, 'RETENTION_CHANGES_DAYS', 30, 1, 3650),
    messagesDays: int(env, 'RETENTION_MESSAGES_DAYS', 30, 1, 3650),
  };
  return {
    port,
    host: env.HOST || '0.0.0.0',
    baseUrl,
    database: parseDatabaseUrl(env.DATABASE_URL),
    redisUrl: env.REDIS_URL || null,
    trustProxy: trustProxy(env.TRUST_PROXY),
    bodyLimitBytes: int(env, 'BODY_LIMIT_BYTES', 32 * 1024, 1024, 1024 * 1024),
    submissionsPerMinute: int(env, 'RATE_LIMIT_SUBMISSIONS_PER_MINUTE', 60, 1, 10_000_000),
    readsPerMinute: int(env, 'RATE_LIMIT_READS_PER_MINUTE', 600, 1, 10_000_000),
    mcpMaxResultBytes: int(env, 'MCP_MAX_RESULT_BYTES', 2 * 1024 * 1024, 1024, 64 * 1024 * 1024),
    logLevel: env.LOG_LEVEL || 'info',
    priorityRefreshMinutes: int(env, 'PRIORITY_REFRESH_MINUTES', 30, 0, 24 * 60),
    centerLinkDays: int(env, 'CENTER_LINK_DAYS', 30, 1, 3650),
    deliveryConfirmHours: int(env, 'DELIVERY_CONFIRM_HOURS', DEFAULT_DELIVERY_CONFIRM_HOURS, 1, 24 * 365),
    alertEveryMinutes: int(env, 'ALERT_EVERY_MINUTES', 10, 1, 24 * 60),
    changeStreamsMax: int(env, 'CHANGE_STREAMS_MAX', DEFAULT_CHANGE_STREAMS_MAX, 1, 100_000),
    exportCache: exportCache(env),
    helperLimits: {
      perNumber: int(env, 'HELPER_LIMIT_PER_NUMBER', DEFAULT_HELPER_LIMIT_PER_NUMBER, 1, 100_000),
      perAddress: int(env, 'HELPER_LIMIT_PER_ADDRESS', DEFAULT_HELPER_LIMIT_PER_ADDRESS, 1, 1_000_000),
    },
    intakeLimits: {
      messagesPerMinute: int(env, 'CHANNEL_MESSAGES_PER_MINUTE', DEFAULT_CHANNEL_MESSAGES_PER_MINUTE, 1, 10_000),
      submissionsPerDay: int(env, 'CHANNEL_SUBMISSIONS_PER_DAY', DEFAULT_CHANNEL_SUBMISSIONS_PER_DAY, 1, 100_000),
    },
    reconfirmAfterHours: int(env, 'RECONFIRM_AFTER_HOURS', 72, 1, 24 * 365),
    expireAfterHours: int(env, 'EXPIRE_AFTER_HOURS', 72, 1, 24 * 365),
    tileUrl: tileUrl(env.TILE_URL),
    dataControllerName: publicLine(env, 'DATA_CONTROLLER_NAME'),
    dataControllerContact: publicLine(env, 'DATA_CONTROLLER_CONTACT'),
    retention,
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE'),
    webhookTimeoutMs: int(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 30_000),
    koboSecret: koboSecret(env.KOBO_SECRET),
    whatsapp: whatsappConfig(env),
    sms: smsConfig(env),
    operations: operationsConfig(env),
    secondFactor: secondFactorConfig(env),
    backups: backupConfig(env, retention.afterCloseDays),
    reviewClaimMinutes: int(env, 'REVIEW_CLAIM_MINUTES', 15, 1, 240),
    numberHashKey: keyBytes(env, 'NUMBER_HASH_KEY'),
  };
}

/** Backups (issue 14, declared extensions): the last good one for every user; results and settings for managers. */
import { z } from 'zod';
import { bounded } from '../contract/lengths.js';

export const BackupStatus = z.object({
  /** When the last backup that was written and checked was taken; null when none was. */
  lastGoodAt: z.string().nullable(),
  /** True when there is no good backup or the last one is more than a day old: every user is warned (never for the demo store). */
  stale: z.boolean(),
});
export type BackupStatus = z.infer<typeof BackupStatus>;

export const BackupReason = z.enum(['daily', 'close', 'migration', 'manual']);

export const BackupCounts = z.record(z.string(), z.number());

export const BackupResult = z.object({
  at: z.string(),
  reason: BackupReason,
  ok: z.boolean(),
  message: z.string(),
  file: z.string().optional(),
  encrypted: z.boolean().optional(),
  bytes: z.number().optional(),
  schema: z.number().optional(),
  counts: BackupCounts.optional(),
  tookMs: z.number().optional(),
});
export type BackupResult = z.infer<typeof BackupResult>;

const settings = {
  /** The folder backups go to, a full path; '' for the data folder's own backups folder. */
  folder: bounded('path'),
  /** The hour (0–23, the PC's clock) of the daily backup. */
  hour: z.number().int().min(0).max(23),
  /** How many backups the folder keeps, the newest. */
  generations: z.number().int().min(1).max(365),
};

/** A restore chosen on the screen: checked now, put in place when the app next starts. */
export const StagedRestore = z.object({
  /** The backup it came from. */
  file: z.string(),
  takenAt: z.string().nullable(),
  stagedAt: z.string(),
  /** What the store returns to, in words. */
  returnsTo: z.string(),
});
export type StagedRestore = z.infer<typeof StagedRestore>;

export const BackupOverview = BackupStatus.extend({
  ...settings,
  folderInUse: z.string(),
  /** Backups in folderInUse are encrypted (it is outside the data folder). */
  encrypted: z.boolean(),
  passphraseSet: z.boolean(),
  recent: z.array(BackupResult),
  stagedRestore: StagedRestore.nullable(),
});
export type BackupOverview = z.infer<typeof BackupOverview>;

export const BackupSettingsRequest = z.object({
  ...settings,
  /** A new backup passphrase (at least 10 characters); absent or null keeps the one set. */
  passphrase: bounded('template').nullish(),
});
export type BackupSettingsRequest = z.infer<typeof BackupSettingsRequest>;

/** Backup/now takes no input: an empty object (a POST, as every command here is, carries a body). */
export const BackupNowRequest = z.object({});

export const StageRestoreRequest = z.object({
  /** One of the backups the overview lists (its file). */
  file: bounded('path'),
  /** The backup passphrase, for an encrypted backup made with an earlier passphrase. */
  passphrase: bounded('template').nullish(),
});
export type StageRestoreRequest = z.infer<typeof StageRestoreRequest>;

/** Backup/cancel-restore takes no input: an empty object. */
export const CancelRestoreRequest = z.object({});

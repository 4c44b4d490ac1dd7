import { z } from 'zod';
import { AUDIT_ACTIONS } from '../back-office.ts';

/*
 * The back office's common shapes (issue 28, decision 017): `/api/admin/v1/...` objects carry their `version`; an
 * update or delete sends the version it read and a stale one answers 409 VERSION_CONFLICT with the current version.
 */

/** The version a write was based on (every update and delete of a versioned object sends it). */
export const VersionedWrite = z.object({ version: z.number().int().min(1) });
export type VersionedWrite = z.infer<typeof VersionedWrite>;

/** `?version=` of a DELETE (a body on DELETE is not sent by every client). */
export const VersionQuery = z.object({ version: z.coerce.number().int().min(1) });

export const AdminIdParams = z.object({ id: z.uuid() });

/** A page of a list that grows while it is read (the audit log): newest first, `nextCursor` asks for the next page. */
export const cursorPageOf = <T extends z.ZodType>(item: T) => z.object({ content: z.array(item), nextCursor: z.string().nullable() });

export const AuditEntry = z.object({
  id: z.uuid(),
  at: z.iso.datetime(),
  actor: z.object({ id: z.uuid().nullable(), name: z.string(), role: z.string() }),
  objectType: z.string(),
  objectId: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditList = cursorPageOf(AuditEntry);
export type AuditList = z.infer<typeof AuditList>;

export const AuditQuery = z.object({
  objectType: z.string().max(64).optional(),
  objectId: z.string().max(64).optional(),
  size: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

/** An uploaded picture (`POST /api/admin/v1/media`): its key, where the image service serves it, its size. */
export const UploadedPicture = z.object({
  key: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedPicture = z.infer<typeof UploadedPicture>;

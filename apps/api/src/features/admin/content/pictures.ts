import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '@dasturxon/domain';
import { auditLog, type Db } from '@dasturxon/db';

/** The keys of pictures uploaded through `POST /api/admin/v1/media` (media.service.ts UPLOADS_PREFIX). */
const UPLOADED = 'u/';

/** A picture a form names, with the request field it came in (`body.image`, `body.slides.0.image`). */
export interface NamedPicture {
  field: string;
  key: string;
}

/**
 * An uploaded picture's key must be one of this brand's uploads: under `u/<this brand>/` and recorded by the upload
 * (its audit entry, `media` created by this brand), so a form cannot show another brand's picture nor a key that was
 * never uploaded. Other keys (the image service's own, an https address) are checked by their shape in the contract.
 * A key the object already shows (`kept`, from the row being changed) stays acceptable as it is.
 * 400 VALIDATION_FAILED naming each field otherwise.
 */
export async function checkPictures(
  tx: Db,
  merchantId: string,
  pictures: readonly NamedPicture[],
  kept: readonly string[] = [],
): Promise<void> {
  const uploaded = pictures.filter((p) => p.key.startsWith(UPLOADED) && !kept.includes(p.key));
  if (uploaded.length === 0) return;
  const ours = uploaded.filter((p) => p.key.startsWith(`${UPLOADED}${merchantId}/`));
  const keys = [...new Set(ours.map((p) => p.key))];
  const known = new Set(
    keys.length === 0
      ? []
      : (
          await tx
            .selectDistinct({ key: auditLog.objectId })
            .from(auditLog)
            .where(
              and(
                eq(auditLog.merchantId, merchantId),
                eq(auditLog.objectType, 'media'),
                eq(auditLog.action, 'create'),
                inArray(auditLog.objectId, keys),
              ),
            )
        ).map((r) => r.key),
  );
  const unknown = uploaded.filter((p) => !known.has(p.key));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', {
      fields: unknown.map((p) => ({ field: p.field, message: 'Not a picture uploaded by this brand' })),
    });
  }
}

/*
 * Vacancies (issue 31, docs/storefront-features.md "Vacancies"): what an application's CV may be. The server checks
 * the file's own first bytes, not the name or type the browser claims; the storefront's form uses the same list.
 */

/** The largest CV accepted: 5 MB. */
export const VACANCY_CV_MAX_BYTES = 5 * 2 ** 20;

/** The CV types accepted, by their content type, with the file endings the form offers. */
export const VACANCY_CV_TYPES = {
  'application/pdf': '.pdf',
  'application/msword': '.doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
} as const;
export type VacancyCvType = keyof typeof VACANCY_CV_TYPES;

/** The `accept` attribute of the form's file field. */
export const VACANCY_CV_ACCEPT = '.pdf,.doc,.docx,.jpg,.jpeg,.png,.webp';

const starts = (bytes: Uint8Array, ...sig: number[]) => sig.every((b, i) => bytes[i] === b);
const ascii = (bytes: Uint8Array, from: number, text: string) => [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0));

/** Whether `text` (ASCII) is among the first `within` bytes. */
function hasText(bytes: Uint8Array, text: string, within: number): boolean {
  const end = Math.min(bytes.length, within) - text.length;
  for (let i = 0; i <= end; i++) if (ascii(bytes, i, text)) return true;
  return false;
}

/**
 * The CV's type by its first bytes (and, for a zip, its name: a .docx is a zip of Word's parts), or null when it is
 * none of VACANCY_CV_TYPES: a PDF, a Word document (.doc, .docx), a JPEG, PNG or WebP picture.
 */
export function vacancyCvType(bytes: Uint8Array, fileName: string): VacancyCvType | null {
  if (ascii(bytes, 0, '%PDF-')) return 'application/pdf';
  if (starts(bytes, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1) && /\.doc$/i.test(fileName)) return 'application/msword';
  if (starts(bytes, 0x50, 0x4b, 0x03, 0x04) && /\.docx$/i.test(fileName) && hasText(bytes, 'word/', 65536))
    return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (starts(bytes, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return 'image/webp';
  return null;
}

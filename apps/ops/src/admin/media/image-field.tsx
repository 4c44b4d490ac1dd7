import { useId, useRef, useState } from 'react';
import { imageUrl } from '@dasturxon/domain';
import type { UploadedPicture } from '@dasturxon/domain/contracts';
import { adminCall } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { btn, ErrorNote } from '../../ui.tsx';

/**
 * A picture of the back office (a product's photo, a banner, the logo): its preview through the image service, a
 * file chosen from the device uploaded at once (`POST /api/admin/v1/media`), its key handed to the form.
 */
export function ImageField({
  label,
  value,
  onChange,
  testId = 'image-field',
  aspect = 'square',
}: {
  label: string;
  value: string;
  onChange: (key: string) => void;
  testId?: string;
  aspect?: 'square' | 'wide';
}) {
  const tr = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ uploading: boolean; error: unknown }>({ uploading: false, error: null });
  const [w, h] = aspect === 'wide' ? [320, 160] : [160, 160];

  async function upload(file: File) {
    setState({ uploading: true, error: null });
    const form = new FormData();
    form.append('file', file);
    try {
      const stored = await adminCall<UploadedPicture>('POST', '/media', form);
      onChange(stored.key);
      setState({ uploading: false, error: null });
    } catch (error) {
      setState({ uploading: false, error });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className="flex flex-col gap-2" data-testid={testId}>
      <span className="text-sm font-medium text-slate-700">{label}</span>
      <div className="flex flex-wrap items-center gap-3">
        <div
          className="flex items-center justify-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50"
          style={{ width: w / 2 + 'px', height: h / 2 + 'px' }}
        >
          {value ? (
            <img
              src={imageUrl(value, { width: w, height: h })}
              alt=""
              width={w / 2}
              height={h / 2}
              className="size-full object-cover"
              data-testid={`${testId}-preview`}
            />
          ) : (
            <span className="p-2 text-center text-xs text-slate-400">{tr.t('admin.media.none')}</span>
          )}
        </div>
        <div className="flex flex-col gap-2">
          <label htmlFor={id} className={`${btn.small} cursor-pointer self-start border border-slate-300 bg-white`}>
            {value ? tr.t('admin.media.replace') : tr.t('admin.media.choose')}
          </label>
          <input
            ref={input}
            id={id}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            className="sr-only"
            data-testid={`${testId}-input`}
            disabled={state.uploading}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          {state.uploading && (
            <span className="text-sm text-slate-500" role="status">
              {tr.t('admin.media.uploading')}
            </span>
          )}
          {value && !state.uploading && (
            <button type="button" className={`${btn.small} self-start border border-slate-300 bg-white`} onClick={() => onChange('')}>
              {tr.t('admin.media.remove')}
            </button>
          )}
        </div>
      </div>
      {state.error ? <ErrorNote error={state.error} /> : null}
    </div>
  );
}

import { useState } from 'react';

/** first: the largest picture of the first screen (LCP), asked for before anything else; eager: on the first screen; lazy: when scrolled near. */
export type PictureLoading = 'first' | 'eager' | 'lazy';
import { pictureSources } from '@dasturxon/domain';

/**
 * A picture through our resizing service, in the sizes a phone or a desktop needs (`srcset`), with
 * its box set so nothing moves when it arrives. Lazy unless it is on the first screen, where
 * `first` asks for it before anything else (LCP). A picture that fails shows the quiet backdrop, not a broken icon.
 */
export function Picture({
  src,
  width,
  height,
  sizes,
  alt = '',
  loading = 'lazy',
  className = '',
}: {
  src: string | null | undefined;
  /** The largest width the picture is shown at, in CSS pixels; the service is asked for 1x to 2x of it. */
  width: number;
  height: number;
  sizes?: string;
  alt?: string;
  loading?: PictureLoading;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const key = src ?? '';
  if (!key || failed === key) return <span aria-hidden="true" className={`block bg-surface-2 ${className}`} />;
  const { src: fallback, srcSet } = pictureSources(key, { width, height }, loading === 'first');
  return (
    <img
      src={fallback}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${width}px`) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={loading === 'lazy' ? 'lazy' : 'eager'}
      fetchPriority={loading === 'first' ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      onError={() => setFailed(key)}
      // The theme's backdrop while the picture arrives and behind the placeholder's transparent parts.
      className={`bg-surface-2 ${className}`}
    />
  );
}

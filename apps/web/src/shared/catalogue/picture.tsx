import { useState } from 'react';
import { imageUrl } from '@dasturxon/domain';

/**
 * A picture through our resizing service, in the sizes a phone or a desktop needs (`srcset`), with
 * its box set so nothing moves when it arrives. Lazy unless it is on the first screen, where
 * `priority` asks for it first (LCP). A picture that fails shows the quiet backdrop, not a broken icon.
 */
export function Picture({
  src,
  width,
  height,
  sizes,
  alt = '',
  priority = false,
  className = '',
}: {
  src: string | null | undefined;
  /** The largest width the picture is shown at, in CSS pixels; the service is asked for 1x to 2x of it. */
  width: number;
  height: number;
  sizes?: string;
  alt?: string;
  priority?: boolean;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const key = src ?? '';
  if (!key || failed === key) return <span aria-hidden="true" className={`block bg-surface-2 ${className}`} />;
  const at = (scale: number) => imageUrl(key, { width: Math.round(width * scale), height: Math.round(height * scale) });
  const srcSet = /^https:\/\//i.test(key) ? undefined : `${at(1)} ${Math.round(width)}w, ${at(1.5)} ${Math.round(width * 1.5)}w, ${at(2)} ${Math.round(width * 2)}w`;
  return (
    <img
      src={at(priority ? 2 : 1.5)}
      srcSet={srcSet}
      sizes={srcSet ? (sizes ?? `${width}px`) : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      draggable={false}
      onError={() => setFailed(key)}
      className={className}
    />
  );
}

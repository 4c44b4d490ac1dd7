import { useState } from 'react';

/** The merchant's logo; its initial on the brand colour when there is none or it fails to load. */
export function BrandLogo({
  src,
  name,
  size = 36,
  className = '',
}: {
  src: string | null;
  name: string;
  size?: number;
  className?: string;
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <span
        aria-hidden="true"
        className={`grid shrink-0 place-items-center rounded-xl bg-brand font-extrabold text-on-brand ${className}`}
        style={{ width: size, height: size, fontSize: Math.round(size * 0.46) }}
      >
        {name.trim().charAt(0).toUpperCase() || '•'}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      decoding="async"
      // Small and in the header: it never holds up the page's largest picture (and React adds no preload for it).
      fetchPriority="low"
      className={`shrink-0 rounded-xl object-contain ${className}`}
      style={{ width: size, height: size }}
      onError={() => setFailedSrc(src)}
    />
  );
}

import { useEffect } from 'react';
import { pickText, type Branch } from '@dasturxon/domain';
import { useTranslation } from '../../i18n/i18n.ts';
import type { MarkerLook } from '../../shared/map/map-view.ts';
import { useMapView } from '../../shared/map/use-map-view.ts';

/** Spec section 9: the branch map opens at zoom 10; the bounds fit comes 500 ms after the branches load. */
const DEFAULT_ZOOM = 10;
const FIT_DELAY_MS = 500;
const FIT_PADDING = [56, 56, 56, 56] as const;

const PIN_PATH = 'M18 2C9.7 2 3 8.6 3 16.8 3 27.4 18 42 18 42s15-14.6 15-25.2C33 8.6 26.3 2 18 2Z';

function pinLook(state: 'open' | 'closed', emphasis: 'none' | 'chosen' | 'selected'): MarkerLook {
  const scale = emphasis === 'none' ? 1 : 1.25;
  const w = Math.round(36 * scale);
  const h = Math.round(44 * scale);
  const fill = state === 'open' ? 'var(--brand)' : '#9aa0a8';
  const dot = state === 'open' ? 'var(--on-brand)' : '#ffffff';
  const ring = emphasis === 'chosen' ? '<circle cx="18" cy="17" r="7.5" fill="none" stroke="var(--on-brand)" stroke-width="2.5"/>' : '';
  return {
    className: 'dx-branch-pin',
    size: [w, h],
    anchor: [w / 2, h],
    html: `<svg width="${w}" height="${h}" viewBox="0 0 36 44" style="filter:drop-shadow(0 3px 4px rgb(0 0 0 / .35))"><path d="${PIN_PATH}" fill="${fill}" stroke="#fff" stroke-width="2"/><circle cx="18" cy="17" r="5" fill="${dot}"/>${ring}</svg>`,
  };
}

/** One marker per branch, the chosen one highlighted, closed ones grey; a tap selects a branch for its details. */
export function BranchMap({
  branches,
  center,
  chosenId,
  selectedId,
  onSelect,
}: {
  branches: readonly Branch[];
  center: [number, number];
  chosenId: string | null;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t, language } = useTranslation();
  const [ref, map] = useMapView({ center, zoom: DEFAULT_ZOOM, label: t('branches.map') });
  // One marker per branch, drawn again when the list, the chosen or the selected one changes.
  useEffect(() => {
    if (!map) return;
    const markers = branches.map((b) =>
      map.addMarker(
        [b.latitude, b.longitude],
        pinLook(b.isOpen ? 'open' : 'closed', b.id === selectedId ? 'selected' : b.id === chosenId ? 'chosen' : 'none'),
        {
          title: pickText(b.name, language),
          onClick: () => onSelect(b.id),
        },
      ),
    );
    return () => markers.forEach((m) => m.remove());
  }, [map, branches, chosenId, selectedId, language, onSelect]);
  // Fits the map to every branch shortly after they are on it, and again when the list changes (another city).
  const key = branches.map((b) => b.id).join(',');
  useEffect(() => {
    if (!map || !branches.length) return;
    const timer = window.setTimeout(
      () =>
        map.fitPoints(
          branches.map((b) => [b.latitude, b.longitude] as const),
          FIT_PADDING,
          15,
        ),
      FIT_DELAY_MS,
    );
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refit when the set of branches changes, not on every refresh
  }, [key, map]);
  return (
    // The map itself has no writing direction; its controls stay where the provider puts them.
    <div
      dir="ltr"
      data-testid="branch-map"
      className="size-full bg-surface-2 [&_.leaflet-container]:bg-surface-2 [&_.leaflet-container]:font-sans"
    >
      <div ref={ref} className="size-full" />
    </div>
  );
}

import L from 'leaflet';

/*
 * Leaflet-Geoman adds itself to the global `L` (its build reads `L.PM`, `L.Polygon`, ... from it). This module sets
 * it, and the map module imports it before the plugin, so the two share one Leaflet. Loaded only with the zones screen.
 */
(globalThis as { L?: typeof L }).L = L;

export { L };

/*
 * A small stand-in for Yandex's JavaScript API 2.1 (https://api-maps.yandex.ru/2.1/), served by the journeys with
 * page.route since nothing outside is reachable here. It implements just what apps/web/src/shared/map/yandex-map.ts
 * uses: ymaps.ready, Map (events boundschange and click, getCenter, getZoom, getBounds, setCenter, setBounds, panTo,
 * geoObjects, destroy), Placemark with a templateLayoutFactory layout, and Polygon. It draws on a plain grid (an
 * equirectangular projection), moves under a mouse or finger drag and fires boundschange when the drag ends, as the
 * real map does. window.__fakeYmaps.maps holds the maps made, for the journeys to read.
 */
export const FAKE_YMAPS_JS = String.raw`(function () {
  function Events() { this.h = {}; }
  Events.prototype.add = function (t, f) { (this.h[t] = this.h[t] || []).push(f); return this; };
  Events.prototype.remove = function (t, f) { var l = this.h[t] || []; var i = l.indexOf(f); if (i >= 0) l.splice(i, 1); return this; };
  Events.prototype.fire = function (t, data) {
    (this.h[t] || []).slice().forEach(function (f) { f({ get: function (n) { return data ? data[n] : undefined; } }); });
  };
  function k(zoom) { return (256 * Math.pow(2, zoom)) / 360; }
  var SVG = 'http://www.w3.org/2000/svg';

  function YMap(el, state) {
    var self = this;
    this.el = el; this.center = state.center.slice(); this.zoom = state.zoom; this.events = new Events(); this.objects = [];
    var root = document.createElement('div');
    root.className = 'fake-ymaps';
    root.style.cssText = 'position:absolute;inset:0;overflow:hidden;touch-action:none;background-color:#f2efe9;' +
      'background-image:linear-gradient(#e0dcd3 1px,transparent 1px),linear-gradient(90deg,#e0dcd3 1px,transparent 1px);background-size:48px 48px';
    el.style.position = el.style.position || 'relative';
    var label = document.createElement('div');
    label.className = 'fake-ymaps-copyright';
    label.textContent = '\u00a9 \u042f\u043d\u0434\u0435\u043a\u0441';
    label.style.cssText = 'position:absolute;right:6px;bottom:30px;font:11px sans-serif;color:#555;background:#fffc;padding:1px 4px';
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.setAttribute('style', 'position:absolute;inset:0;width:100%;height:100%;pointer-events:none');
    root.appendChild(this.svg); root.appendChild(label);
    el.appendChild(root);
    this.root = root;
    this.geoObjects = {
      add: function (o) { self.objects.push(o); o.draw(self); },
      remove: function (o) { var i = self.objects.indexOf(o); if (i >= 0) self.objects.splice(i, 1); o.erase(); },
    };
    // A drag by mouse, pen or finger (pointer, mouse and touch events alike: whichever the browser sends first starts it).
    var start = null;
    function at(e) { var t = e.touches ? e.touches[0] || e.changedTouches[0] : e; return [t.clientX, t.clientY]; }
    function down(e) {
      if (start || (e.target.closest && e.target.closest('.fake-ymaps-placemark'))) return;
      var p = at(e);
      start = { x: p[0], y: p[1], c: self.center.slice() };
    }
    function move(e) {
      if (!start) return;
      var p = at(e); var s = k(self.zoom);
      self.center = [start.c[0] + (p[1] - start.y) / s, start.c[1] - (p[0] - start.x) / s];
      self.redraw();
    }
    function end() { if (!start) return; start = null; self.changed(); }
    ['pointerdown', 'mousedown', 'touchstart'].forEach(function (t) { root.addEventListener(t, down); });
    ['pointermove', 'mousemove', 'touchmove'].forEach(function (t) { window.addEventListener(t, move); });
    ['pointerup', 'mouseup', 'touchend', 'pointercancel'].forEach(function (t) { window.addEventListener(t, end); });
    window.__fakeYmaps.maps.push(this);
  }
  YMap.prototype.project = function (c) {
    var s = k(this.zoom);
    return [this.el.clientWidth / 2 + (c[1] - this.center[1]) * s, this.el.clientHeight / 2 - (c[0] - this.center[0]) * s];
  };
  YMap.prototype.redraw = function () { var self = this; this.objects.forEach(function (o) { o.draw(self); }); };
  YMap.prototype.changed = function () { this.redraw(); this.events.fire('boundschange', { newCenter: this.center.slice(), newZoom: this.zoom }); };
  YMap.prototype.getCenter = function () { return this.center.slice(); };
  YMap.prototype.getZoom = function () { return this.zoom; };
  YMap.prototype.setCenter = function (c, z) { this.center = [c[0], c[1]]; if (z != null) this.zoom = z; this.changed(); return Promise.resolve(); };
  YMap.prototype.panTo = function (c) { return this.setCenter(c); };
  YMap.prototype.getBounds = function () {
    var s = k(this.zoom); var dy = this.el.clientHeight / 2 / s; var dx = this.el.clientWidth / 2 / s;
    return [[this.center[0] - dy, this.center[1] - dx], [this.center[0] + dy, this.center[1] + dx]];
  };
  YMap.prototype.setBounds = function (b, o) {
    var m = (o && o.zoomMargin) || [0, 0, 0, 0];
    var w = Math.max(1, this.el.clientWidth - m[1] - m[3]); var h = Math.max(1, this.el.clientHeight - m[0] - m[2]);
    var dLat = Math.max(1e-6, b[1][0] - b[0][0]); var dLon = Math.max(1e-6, b[1][1] - b[0][1]);
    this.zoom = Math.max(0, Math.min(19, Math.floor(Math.log2(Math.min(w / dLon, h / dLat) * 360 / 256))));
    return this.setCenter([(b[0][0] + b[1][0]) / 2, (b[0][1] + b[1][1]) / 2]);
  };
  YMap.prototype.destroy = function () { this.root.remove(); var l = window.__fakeYmaps.maps; l.splice(l.indexOf(this), 1); };

  function Placemark(coords, props, options) {
    var self = this;
    this.coords = coords.slice(); this.props = props || {}; this.opts = Object.assign({}, options); this.events = new Events(); this.map = null;
    this.geometry = { setCoordinates: function (c) { self.coords = c.slice(); if (self.map) self.draw(self.map); } };
    this.options = { set: function (n, v) { self.opts[n] = v; if (self.map) self.draw(self.map); } };
  }
  Placemark.prototype.draw = function (map) {
    var self = this;
    this.map = map;
    if (!this.node) {
      this.node = document.createElement('div');
      this.node.className = 'fake-ymaps-placemark';
      this.node.addEventListener('click', function () { self.events.fire('click', {}); });
      map.root.appendChild(this.node);
    }
    var p = map.project(this.coords);
    this.node.title = this.props.hintContent || '';
    this.node.style.cssText = 'position:absolute;width:0;height:0;cursor:pointer;left:' + p[0] + 'px;top:' + p[1] + 'px;z-index:' + (1 + (this.opts.zIndex || 0));
    var html = this.opts.iconLayout && this.opts.iconLayout.template;
    if (this.node.getAttribute('data-html') !== html) { this.node.innerHTML = html || ''; this.node.setAttribute('data-html', html || ''); }
  };
  Placemark.prototype.erase = function () { if (this.node) this.node.remove(); this.node = null; this.map = null; };

  function Polygon(rings, props, options) { this.rings = rings; this.opts = options || {}; }
  Polygon.prototype.draw = function (map) {
    if (!this.node) { this.node = document.createElementNS(SVG, 'path'); this.node.setAttribute('class', 'fake-ymaps-polygon'); map.svg.appendChild(this.node); }
    var d = this.rings.map(function (ring) {
      return ring.map(function (c, i) { var p = map.project(c); return (i ? 'L' : 'M') + p[0].toFixed(1) + ' ' + p[1].toFixed(1); }).join('') + 'Z';
    }).join('');
    this.node.setAttribute('d', d);
    this.node.setAttribute('fill-rule', 'evenodd');
    this.node.setAttribute('fill', this.opts.fillColor || '#00f');
    this.node.setAttribute('fill-opacity', String(this.opts.fillOpacity == null ? 0.2 : this.opts.fillOpacity));
    this.node.setAttribute('stroke', this.opts.strokeColor || '#00f');
    this.node.setAttribute('stroke-width', String(this.opts.strokeWidth || 1));
  };
  Polygon.prototype.erase = function () { if (this.node) this.node.remove(); this.node = null; };

  window.__fakeYmaps = { maps: [] };
  window.ymaps = {
    ready: function (cb) { var p = Promise.resolve(); if (cb) p.then(cb); return p; },
    Map: YMap,
    Placemark: Placemark,
    Polygon: Polygon,
    templateLayoutFactory: { createClass: function (template) { return { template: template }; } },
  };
})();
`;

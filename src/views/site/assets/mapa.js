// The emergency page's map and "near me" button: an enhancement over a page that works without JavaScript.
(() => {
  // "Near me" fills the form's coordinates from the browser; without it people type them.
  const near = document.getElementById('cerca');
  const nearFailed = document.getElementById('cerca-error');
  if (near && navigator.geolocation) {
    near.hidden = false;
    near.addEventListener('click', () => {
      if (nearFailed) nearFailed.hidden = true;
      navigator.geolocation.getCurrentPosition(
        (position) => {
          // Five decimals is about a metre: as precise as the filter needs, no more.
          document.getElementById('f-latitude').value = position.coords.latitude.toFixed(5);
          document.getElementById('f-longitude').value = position.coords.longitude.toFixed(5);
        },
        () => {
          if (nearFailed) nearFailed.hidden = false;
        },
        { timeout: 15000, maximumAge: 300000 },
      );
    });
  }

  const data = document.getElementById('puntos');
  const box = document.getElementById('mapa');
  const L = window.L;
  if (!data || !box || !L) return;
  const config = JSON.parse(data.textContent);
  const points = config.points;
  if (points.length === 0 && !config.center) return;

  box.hidden = false;
  for (const legend of document.querySelectorAll('.leyenda')) legend.hidden = false;
  // On a phone one finger scrolls the page, not the map: zoom with the buttons or two fingers.
  const map = L.map(box, { zoomControl: false, scrollWheelZoom: false, dragging: !L.Browser.mobile });
  L.control.zoom({ zoomInTitle: config.labels.zoomIn, zoomOutTitle: config.labels.zoomOut }).addTo(map);
  map.attributionControl.setPrefix(false);

  // Tiles are a backdrop: when they cannot load, the markers stay and a note says why the map is blank.
  const tiles = document.querySelector('meta[name="ayuda-tiles"]');
  if (tiles?.content) {
    const layer = L.tileLayer(tiles.content, { maxZoom: 19 });
    layer.getAttribution = () => escapeText(config.labels.attribution);
    const notice = document.getElementById('mapa-aviso');
    layer.once('tileerror', () => {
      if (notice) notice.hidden = false;
    });
    layer.addTo(map);
  }

  const group =
    typeof L.markerClusterGroup === 'function'
      ? L.markerClusterGroup({
          showCoverageOnHover: false,
          maxClusterRadius: 40,
          iconCreateFunction: (cluster) =>
            L.divIcon({
              className: 'grupo',
              html: `<span>${cluster.getChildCount()}<span class="oculto"> ${escapeText(config.labels.records)}</span></span>`,
              iconSize: [36, 36],
            }),
        })
      : L.featureGroup();

  for (const point of points) {
    // A dotted edge tells an approximate point (about 300 m) from an exact one.
    const kind = `${point.type === 'request' ? `marca-request marca-${point.urgency}` : 'marca-offer'}${point.approx ? ' marca-aprox' : ''}`;
    const marker = L.marker([point.lat, point.lon], {
      icon: L.divIcon({ className: `marca ${kind}`, iconSize: [22, 22] }),
      title: point.title,
      keyboard: true,
    });
    marker.bindPopup(() => popup(point));
    group.addLayer(marker);
  }
  group.addTo(map);

  if (points.length > 1) {
    map.fitBounds(
      points.map((p) => [p.lat, p.lon]),
      { padding: [24, 24], maxZoom: 15 },
    );
  } else if (points.length === 1) {
    map.setView([points[0].lat, points[0].lon], 14);
  } else {
    map.setView(config.center, 11);
  }
  box.dataset.puntos = String(points.length);

  /** A popup built from DOM nodes: a title is text, never markup. */
  function popup(point) {
    const root = document.createElement('div');
    const title = document.createElement('strong');
    title.textContent = point.title;
    const facts = document.createElement('p');
    facts.textContent = point.label;
    const open = document.createElement('a');
    open.href = point.url;
    open.textContent = config.labels.open;
    root.append(title, facts, open);
    return root;
  }

  function escapeText(value) {
    const span = document.createElement('span');
    span.textContent = value;
    return span.innerHTML;
  }
})();

// The emergency page's map and "near me" button: an enhancement over a page that works without JavaScript.
// The map first draws the records the page lists (carried in the page), then asks the map-points API for every
// record the filters select in the visible area, and asks again whenever the map moves.
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
  const listed = config.points;
  if (config.total === 0 && !config.center && !config.near) return;

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

  /** A marker at least 44 px wide, so a finger can hit it; the dot inside is drawn by sitio.css. */
  const TAP = [44, 44];

  const group =
    typeof L.markerClusterGroup === 'function'
      ? L.markerClusterGroup({
          showCoverageOnHover: false,
          maxClusterRadius: 40,
          iconCreateFunction: (cluster) => groupIcon(cluster.getChildCount()),
        })
      : L.featureGroup();
  group.addTo(map);
  /** Groups the server counted (past a few thousand points): a tap zooms in on them. */
  const counted = L.layerGroup().addTo(map);

  // The search point and its radius, when the filters give one.
  let nearBounds = null;
  if (config.near) {
    const here = [config.near.lat, config.near.lon];
    L.circle(here, {
      radius: config.near.radiusKm * 1000,
      color: '#12324f',
      weight: 2,
      dashArray: '6 6',
      fill: false,
      interactive: false,
    }).addTo(map);
    L.circleMarker(here, { radius: 8, color: '#fff', weight: 3, fillColor: '#12324f', fillOpacity: 1 })
      .bindTooltip(config.labels.here, { permanent: true, direction: 'top', offset: [0, -8], className: 'aqui' })
      .addTo(map);
    // From the point itself: a circle knows its bounds only once the map has a view.
    nearBounds = L.latLng(here).toBounds(config.near.radiusKm * 2000);
  }

  function groupIcon(count) {
    return L.divIcon({
      className: 'grupo',
      html: `<span>${count}<span class="oculto"> ${escapeText(config.labels.records)}</span></span>`,
      iconSize: TAP,
    });
  }

  function label(point) {
    const words = config.popup;
    return [
      words.types[point.type],
      words.categories[point.category] || point.category,
      point.type === 'request' ? words.urgencies[point.urgency] : '',
      point.precision === 'approximate' ? words.approximate : '',
    ]
      .filter(Boolean)
      .join(' · ');
  }

  function marker(point) {
    // A dotted edge tells an approximate point (about 300 m) from an exact one.
    const kind = `${point.type === 'request' ? `marca-request marca-${point.urgency}` : 'marca-offer'}${point.precision === 'approximate' ? ' marca-aprox' : ''}`;
    const m = L.marker([point.latitude, point.longitude], {
      icon: L.divIcon({
        className: `punto punto-${point.type}`,
        html: `<span class="marca ${kind}"></span>`,
        iconSize: TAP,
      }),
      title: point.title || label(point),
      alt: point.title || label(point),
      keyboard: true,
    });
    // The content is built when the popup opens, once: it then fills itself in from the record's detail.
    m.bindPopup('', { minWidth: 200 });
    m.on('popupopen', (event) => event.popup.setContent(popup(point, event.popup)));
    return m;
  }

  let drawn = '';
  /** Replaces what the map shows: single points (grouped here when close) and the server's own groups. */
  function draw(points, clusters) {
    // The same answer again (a small move): nothing to redraw.
    const signature = `${points.map((p) => p.id).join()}|${clusters.map((c) => `${c.latitude},${c.longitude},${c.count}`).join()}`;
    if (signature === drawn) return;
    drawn = signature;
    group.clearLayers();
    counted.clearLayers();
    addAll(points);
    for (const c of clusters) {
      L.marker([c.latitude, c.longitude], {
        icon: groupIcon(c.count),
        title: config.labels.zoomToGroup,
        keyboard: true,
      })
        .on('click', () => map.setView([c.latitude, c.longitude], Math.min(map.getZoom() + 3, 18)))
        .addTo(counted);
    }
    box.dataset.puntos = String(points.length + clusters.reduce((sum, c) => sum + c.count, 0));
  }

  function addAll(points) {
    if (group.addLayers) group.addLayers(points.map(marker));
    else for (const point of points) group.addLayer(marker(point));
  }

  // The listed records at once, from the page itself: the map is useful even before (or without) the API.
  const first = listed.map((p) => ({
    ...p,
    latitude: p.lat,
    longitude: p.lon,
  }));
  const byId = new Map(first.map((p) => [p.id, p]));

  let asked = 0;
  /** Every matching point in the area (all of them when area is null); an answer overtaken by a later one is dropped. */
  async function load(area) {
    const ticket = ++asked;
    const url = area ? `${config.pointsUrl}&bbox=${area}` : config.pointsUrl;
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(String(response.status));
    const answer = await response.json();
    if (ticket !== asked) return null;
    // Listed points keep their titles and quantities; the others fetch them when opened.
    draw(
      answer.points.map((p) => ({ ...byId.get(p.id), ...p })),
      answer.clusters,
    );
    return answer;
  }

  /** The visible area, widened to two decimals (about a kilometre) so small moves share one cached answer. */
  function visibleArea() {
    const b = map.getBounds();
    const down = (v, limit) => Math.max(-limit, Math.floor(v * 100) / 100).toFixed(2);
    const up = (v, limit) => Math.min(limit, Math.ceil(v * 100) / 100).toFixed(2);
    return [down(b.getWest(), 180), down(b.getSouth(), 90), up(b.getEast(), 180), up(b.getNorth(), 90)].join(',');
  }

  /**
   * The view that shows the points themselves, close enough for groups to split into their records: fitting the
   * whole search circle (25 km by default) or a municipality's point far from town drew one group of everything.
   * A municipality's point stands for a whole municipality, so it widens the view only when nothing else is shown.
   * With no point to show, the search circle.
   */
  function fit(points, clusters) {
    const placed = points.filter((p) => p.precision !== 'municipality');
    const shown = (placed.length > 0 ? placed : points).map((p) => [p.latitude, p.longitude]);
    const all = [...shown, ...clusters.map((c) => [c.latitude, c.longitude])];
    if (all.length > 1) map.fitBounds(all, { padding: [24, 24], maxZoom: 15 });
    else if (all.length === 1) map.setView(all[0], 14);
    else if (nearBounds) map.fitBounds(nearBounds, { padding: [12, 12] });
    else if (config.center) map.setView(config.center, 11);
    else map.setView([4.6, -74.1], 6);
  }

  let timer = null;
  // An open popup stays open: the map moves to show it, and a refresh then would take its marker away.
  let reading = false;
  map.on('popupopen', () => {
    reading = true;
  });
  map.on('popupclose', () => {
    reading = false;
  });
  function follow() {
    map.on('moveend', () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!reading) load(visibleArea()).catch(() => {});
      }, 250);
    });
  }

  fit(first, []);
  addAll(first);
  load(null)
    .then((answer) => {
      if (answer) fit(answer.points, answer.clusters);
      follow();
    })
    .catch(() => {
      // Without the API the listed points stay: the map still shows what the page lists.
      box.dataset.puntos = String(first.length);
    });

  /** A popup built from DOM nodes: titles and units are text, never markup. */
  function popup(point, opened) {
    const words = config.popup;
    const root = document.createElement('div');
    root.className = 'globo';
    const title = document.createElement('strong');
    title.textContent = point.title || label(point);
    const facts = document.createElement('p');
    facts.textContent = label(point);
    const quantity = document.createElement('p');
    quantity.textContent = point.quantity || '';
    quantity.hidden = !point.quantity;
    const buttons = document.createElement('p');
    buttons.className = 'globo-botones';
    const open = document.createElement('a');
    open.className = 'boton-globo';
    open.href = config.recordUrl.replace('ID', encodeURIComponent(point.id));
    open.textContent = words.open;
    buttons.append(open);
    const status = document.createElement('p');
    status.className = 'note';
    status.setAttribute('role', 'status');
    status.textContent = words.loading;
    root.append(title, facts, quantity, buttons, status);
    // The detail says what is still missing and how to reach the person, when they chose to publish it.
    fetch(`${config.detailUrl}${encodeURIComponent(point.id)}`, { headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : null))
      .then((answer) => {
        status.remove();
        const item = answer?.item;
        if (!item) return;
        title.textContent = item.title;
        const pending = quantityText(item.quantities);
        if (pending) {
          quantity.textContent = pending;
          quantity.hidden = false;
        }
        if (item.contact?.whatsappUrl) {
          const whatsapp = document.createElement('a');
          whatsapp.href = item.contact.whatsappUrl;
          whatsapp.rel = 'noreferrer';
          whatsapp.className = 'boton-whatsapp';
          whatsapp.textContent = words.whatsapp;
          buttons.append(' ', whatsapp);
        }
        opened.update();
      })
      .catch(() => status.remove());
    return root;
  }

  /** The rule of the site's quantityText (src/views/site/quantity.ts), with its catalogue words. */
  function quantityText(q) {
    if (!q || q.required === null) return null;
    const number = new Intl.NumberFormat(config.lang === 'en' ? 'en-GB' : 'es-CO', { maximumFractionDigits: 2 });
    const required = q.unit ? `${number.format(q.required)} ${q.unit}` : number.format(q.required);
    const pending = q.pending ?? Math.max(0, q.required - q.covered);
    if (pending > 0) return fill(config.popup.pending, { pending: number.format(pending), required });
    return fill(config.popup.covered, { required });
  }

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
  }

  function escapeText(value) {
    const span = document.createElement('span');
    span.textContent = value;
    return span.innerHTML;
  }
})();

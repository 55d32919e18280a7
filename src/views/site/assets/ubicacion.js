// The forms' location, enhanced: "Usar mi ubicación" and a small map to tap both fill latitude and longitude, and
// the municipality list follows the department at once. Without JavaScript the coordinates are typed by hand and
// "Ver municipios" brings the list; Leaflet loads only when the map is asked for (weak links).
(() => {
  // The department's municipalities, fetched when it changes: the page carries only the chosen department's.
  const places = document.querySelector('[data-municipio]');
  const department = document.getElementById('departmentCode');
  const municipality = document.getElementById('municipalityCode');
  if (places && department && municipality) {
    // Taken out, not hidden: as the form's first submit control it would answer the Enter key instead of "Enviar".
    const button = places.querySelector('[data-ver-municipios]');
    const field = municipality.closest('.field');
    button?.remove();
    const fill = (list, blank) => {
      const kept = municipality.value;
      municipality.replaceChildren(new Option(blank, ''));
      for (const m of list) municipality.add(new Option(m.name, m.code, false, m.code === kept));
    };
    department.addEventListener('change', () => {
      const code = department.value;
      if (!code) {
        fill([], municipality.dataset.blankFirst);
        return;
      }
      fetch(`${places.dataset.url}?departamento=${encodeURIComponent(code)}`)
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
        .then((body) => {
          if (department.value === code) fill(body.municipalities, municipality.dataset.blank);
        })
        .catch(() => {
          // Without the list the button still works: it sends the form back with the department's municipalities.
          if (button && field && !button.isConnected) places.insertBefore(button, field);
        });
    });
  }
})();

(() => {
  const box = document.querySelector('[data-ubicacion]');
  const lat = document.getElementById('latitude');
  const lon = document.getElementById('longitude');
  if (!box || !lat || !lon) return;
  const d = box.dataset;
  const status = box.querySelector('[data-estado]');
  const locate = box.querySelector('[data-mi-ubicacion]');
  const open = box.querySelector('[data-ver-mapa]');
  const mapBox = document.getElementById('mapa-punto');
  const emergency = document.getElementById('emergencySlug');
  let map = null;
  let marker = null;

  const say = (text) => {
    status.textContent = text || '';
  };
  const inside = (a, b) =>
    a >= Number(d.latMin) && a <= Number(d.latMax) && b >= Number(d.lonMin) && b <= Number(d.lonMax);
  // Five decimals is about a metre: precise enough, and short enough to read back.
  const rounded = (n) => String(Math.round(n * 1e5) / 1e5);
  const number = (input) => Number.parseFloat(input.value.trim().replace(',', '.'));

  function typed() {
    const a = number(lat);
    const b = number(lon);
    return Number.isFinite(a) && Number.isFinite(b) && inside(a, b) ? [a, b] : null;
  }

  function mark(a, b) {
    if (!map) return;
    if (marker) marker.setLatLng([a, b]);
    else
      marker = window.L.circleMarker([a, b], { radius: 10, color: '#a4161a', weight: 3, fillOpacity: 0.5 }).addTo(map);
  }

  function place(a, b, message) {
    if (!inside(a, b)) {
      say(d.msgOutside);
      return;
    }
    lat.value = rounded(a);
    lon.value = rounded(b);
    if (map) {
      mark(a, b);
      map.setView([a, b], Math.max(map.getZoom(), 15));
    }
    say(message);
  }

  /** Where the map opens: the typed point, else the chosen emergency, else all of Colombia. */
  function start() {
    const point = typed();
    if (point) return { centre: point, zoom: 15 };
    const option = emergency?.selectedOptions?.[0];
    if (option?.dataset.lat) return { centre: [Number(option.dataset.lat), Number(option.dataset.lon)], zoom: 13 };
    return { centre: [4.6, -74.1], zoom: 5 };
  }

  /** Leaflet's stylesheet and script, once; the map is drawn when both have arrived. */
  function loadLeaflet(done) {
    if (window.L) {
      done();
      return;
    }
    let waiting = 2;
    const arrived = () => {
      waiting -= 1;
      if (waiting === 0) done();
    };
    const failed = () => mapUnavailable();
    const css = document.createElement('link');
    css.rel = 'stylesheet';
    css.href = '/static/leaflet/leaflet.css';
    css.onload = arrived;
    css.onerror = failed;
    document.head.appendChild(css);
    const js = document.createElement('script');
    js.src = '/static/leaflet/leaflet.js';
    js.onload = arrived;
    js.onerror = failed;
    document.head.appendChild(js);
  }

  /**
   * The map cannot be drawn (no library, or no tile arrives): a tap would drop a point on a grey void, so picking is
   * switched off and the person is pointed to the municipality list and the typed coordinates.
   */
  function mapUnavailable() {
    if (map) {
      map.off('click');
      map.remove();
      map = null;
      marker = null;
    }
    mapBox.hidden = true;
    mapBox.replaceChildren();
    open.disabled = true;
    open.setAttribute('aria-expanded', 'false');
    say(d.msgMapFailed);
  }

  function showMap() {
    mapBox.hidden = false;
    open.setAttribute('aria-expanded', 'true');
    if (map) {
      map.invalidateSize();
      return;
    }
    say(d.msgLoading);
    loadLeaflet(() => {
      const L = window.L;
      const { centre, zoom } = start();
      map = L.map(mapBox, { attributionControl: true }).setView(centre, zoom);
      map.attributionControl.setPrefix(false);
      const tiles = document.querySelector('meta[name="ayuda-tiles"]');
      if (!tiles) {
        mapUnavailable();
        return;
      }
      // Points are taken only once a tile has been drawn: until then the person would be tapping on nothing.
      let drawn = false;
      const layer = L.tileLayer(tiles.content, { maxZoom: 19, attribution: d.attribution });
      layer.on('tileload', () => {
        if (drawn || !map) return;
        drawn = true;
        map.on('click', (e) => place(e.latlng.lat, e.latlng.lng, d.msgPicked));
        say('');
      });
      layer.on('tileerror', () => {
        if (!drawn) mapUnavailable();
      });
      layer.addTo(map);
      const point = typed();
      if (point) mark(point[0], point[1]);
    });
  }

  box.hidden = false;
  open.addEventListener('click', showMap);
  // Geolocation needs a secure page; without it the button would only fail, so it stays hidden.
  if ('geolocation' in navigator && window.isSecureContext) {
    locate.hidden = false;
    locate.addEventListener('click', () => {
      say(d.msgLocating);
      navigator.geolocation.getCurrentPosition(
        (position) => place(position.coords.latitude, position.coords.longitude, d.msgLocated),
        () => say(d.msgFailed),
        { enableHighAccuracy: true, timeout: 15000, maximumAge: 60000 },
      );
    });
  }
  for (const input of [lat, lon]) {
    input.addEventListener('change', () => {
      const point = typed();
      if (point && map) {
        mark(point[0], point[1]);
        map.panTo(point);
      }
    });
  }
  emergency?.addEventListener('change', () => {
    if (map && !typed()) {
      const { centre, zoom } = start();
      map.setView(centre, zoom);
    }
  });
})();

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bounds } from './bounds.ts';
import { distanceKm } from './distance.ts';
import { municipalityByCode } from './municipalities.ts';
import { areaText, isApproximate, PUBLIC_GRID_DEGREES, publicPoint, snapToGrid } from './public-place.ts';

/** A deterministic spread of points over Colombia's bounds, with awkward decimals. */
function samplePoints(n: number): [number, number][] {
  const points: [number, number][] = [];
  let seed = 12345;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let i = 0; i < n; i++) {
    const lat = bounds.latitude.min + next() * (bounds.latitude.max - bounds.latitude.min);
    const lon = bounds.longitude.min + next() * (bounds.longitude.max - bounds.longitude.min);
    points.push([lat, lon]);
  }
  return points;
}

test('snapToGrid: the same value always gives the same cell centre, and a centre snaps to itself', () => {
  for (const [lat, lon] of samplePoints(5000)) {
    const sLat = snapToGrid(lat);
    const sLon = snapToGrid(lon);
    assert.equal(snapToGrid(lat), sLat, 'stable');
    assert.equal(snapToGrid(sLat), sLat, `a public latitude ${sLat} is its own public point`);
    assert.equal(snapToGrid(sLon), sLon, `a public longitude ${sLon} is its own public point`);
    // Within half a cell of the value on each axis: at most ~212 m away, never more.
    assert.ok(Math.abs(sLat - lat) <= PUBLIC_GRID_DEGREES / 2 + 1e-6, `${lat} -> ${sLat}`);
    assert.ok(Math.abs(sLon - lon) <= PUBLIC_GRID_DEGREES / 2 + 1e-6, `${lon} -> ${sLon}`);
    assert.ok(distanceKm(lat, lon, sLat, sLon) < 0.22);
  }
});

test('snapToGrid: every point of one cell gives the cell centre; the next cell gives the next centre', () => {
  // Cell 425 of latitude spans [1.1475, 1.1502): its centre is 1.14885.
  for (const lat of [1.14751, 1.1478, 1.14885, 1.1501, 1.150199]) assert.equal(snapToGrid(lat), 1.14885);
  assert.equal(snapToGrid(1.15021), 1.15155);
  // Negative longitudes floor towards -infinity, so cells do not double up around zero.
  for (const lon of [-76.64761, -76.6489, -76.65029]) assert.equal(snapToGrid(lon), -76.64895);
  assert.equal(snapToGrid(0.001), 0.00135);
  assert.equal(snapToGrid(-0.001), -0.00135);
});

test('publicPoint: requests and offers are snapped unless exact was asked for; a centre is exact', () => {
  const home = { latitude: 1.152317, longitude: -76.643829 };
  const person = { collection_center_status: null };
  const approx = publicPoint({ type: 'request', exact_location: 0, ...person, ...home });
  assert.deepEqual(approx, {
    latitude: snapToGrid(home.latitude),
    longitude: snapToGrid(home.longitude),
    precision: 'approximate',
  });
  assert.notEqual(approx.latitude, home.latitude);
  assert.deepEqual(publicPoint({ type: 'request', exact_location: 1, ...person, ...home }), {
    ...home,
    precision: 'exact',
  });
  assert.deepEqual(publicPoint({ type: 'offer', exact_location: 0, ...person, ...home }), approx);
  assert.deepEqual(publicPoint({ type: 'offer', exact_location: 1, ...person, ...home }), {
    ...home,
    precision: 'exact',
  });
  const centre = { type: 'offer', exact_location: 0, collection_center_status: 'receiving' } as const;
  assert.deepEqual(publicPoint({ ...centre, ...home }), { ...home, precision: 'exact' });
  // No place at all: nothing is claimed to be exact.
  for (const row of [{ type: 'offer', exact_location: 0, ...person }, centre] as const) {
    assert.deepEqual(publicPoint({ ...row, latitude: null, longitude: null }), {
      latitude: null,
      longitude: null,
      precision: 'approximate',
    });
  }
  assert.equal(isApproximate({ type: 'request', exact_location: 0, ...person }), true);
  assert.equal(isApproximate({ type: 'request', exact_location: 1, ...person }), false);
  assert.equal(isApproximate({ type: 'offer', exact_location: 0, ...person }), true);
  assert.equal(isApproximate({ type: 'offer', exact_location: 1, ...person }), false);
  assert.equal(isApproximate(centre), false);
});

/** A person's request, with no exact place asked for. */
const asRequest = { type: 'request', exact_location: 0, collection_center_status: null } as const;

test('publicPoint stays within the accepted coordinates, so it can itself be searched around', () => {
  for (const [lat, lon] of [
    [bounds.latitude.max, bounds.longitude.max],
    [bounds.latitude.min, bounds.longitude.min],
    [0, -66.8],
  ] as const) {
    const p = publicPoint({
      type: 'request',
      exact_location: 0,
      collection_center_status: null,
      latitude: lat,
      longitude: lon,
    });
    assert.ok((p.latitude as number) >= bounds.latitude.min && (p.latitude as number) <= bounds.latitude.max);
    assert.ok((p.longitude as number) >= bounds.longitude.min && (p.longitude as number) <= bounds.longitude.max);
    const again = publicPoint({ ...asRequest, latitude: p.latitude, longitude: p.longitude });
    assert.deepEqual(again, p, 'a public point is its own public point');
  }
  for (const [lat, lon] of samplePoints(2000)) {
    const p = publicPoint({
      type: 'request',
      exact_location: 0,
      collection_center_status: null,
      latitude: lat,
      longitude: lon,
    });
    assert.deepEqual(publicPoint({ ...asRequest, latitude: p.latitude, longitude: p.longitude }), p);
  }
});

test('areaText names the neighbourhood and the municipality, whichever are known', () => {
  assert.equal(areaText('San Miguel', 'Mocoa, Putumayo'), 'San Miguel, Mocoa, Putumayo');
  assert.equal(areaText(null, 'Mocoa, Putumayo'), 'Mocoa, Putumayo');
  assert.equal(areaText('', null), null);
});

test('publicPoint: a record with no point but a municipality shows the municipality point', () => {
  const mocoa = municipalityByCode('86001');
  assert.ok(mocoa);
  for (const type of ['request', 'offer'] as const) {
    assert.deepEqual(publicPoint({ ...asRequest, type, latitude: null, longitude: null, municipality_code: '86001' }), {
      latitude: mocoa.latitude,
      longitude: mocoa.longitude,
      precision: 'municipality',
    });
  }
  // A point, when there is one, wins over the municipality.
  const home = { latitude: 1.152317, longitude: -76.643829 };
  assert.equal(publicPoint({ ...asRequest, ...home, municipality_code: '86001' }).precision, 'approximate');
  // An unknown code, or one whose point lies outside the accepted coordinates, gives no point at all.
  for (const code of ['99999', '88001', null, undefined]) {
    assert.deepEqual(publicPoint({ ...asRequest, latitude: null, longitude: null, municipality_code: code }), {
      latitude: null,
      longitude: null,
      precision: 'approximate',
    });
  }
});

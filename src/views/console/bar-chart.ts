// A small bar chart drawn on the server: inline <svg> with presentation attributes only (the console's CSP has
// style-src 'self', so no style="" attribute, and script-src 'self', so nothing runs), named by <title> and
// aria-labelledby for screen readers, each bar with its value written above it, and the same figures as a table
// below it (folded under "Ver las cifras") for anyone who cannot read the picture. Pure: the same figures draw the
// same markup.
import { formatNumber } from '../../domain/number-format.ts';
import { type Html, html } from '../html.ts';

export interface BarChart {
  /** Unique on the page: the svg's title and the table are named from it. */
  id: string;
  title: string;
  /** One label per bar ("lun 23"), left to right. */
  labels: readonly string[];
  values: readonly number[];
  /** The table's header for the values ("Pendientes"). */
  valueHeader: string;
}

const WIDTH = 320;
const HEIGHT = 120;
/** Room above the tallest bar for its value, and below the bars for their labels. */
const TOP = 16;
const BOTTOM = 18;

/** The bars' geometry, in viewBox units: exported for the chart's tests. */
export function barGeometry(values: readonly number[]): { x: number; y: number; width: number; height: number }[] {
  const max = Math.max(1, ...values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0)));
  const slot = WIDTH / Math.max(1, values.length);
  const width = Math.max(1, Math.floor(slot * 0.7));
  const area = HEIGHT - TOP - BOTTOM;
  return values.map((raw, i) => {
    const value = Number.isFinite(raw) && raw > 0 ? raw : 0;
    // A zero is drawn as a hairline so its slot still reads as "nothing", not as a missing day.
    const height = value === 0 ? 1 : Math.max(2, Math.round((value / max) * area));
    return { x: Math.round(i * slot + (slot - width) / 2), y: HEIGHT - BOTTOM - height, width, height };
  });
}

export function barChart(chart: BarChart): Html {
  const bars = barGeometry(chart.values);
  const summary = chart.labels.map((label, i) => `${label}: ${formatNumber(chart.values[i] ?? 0)}`).join(', ');
  const titleId = `${chart.id}-titulo`;
  return html`<figure class="chart" id="${chart.id}">
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${String(WIDTH)} ${String(HEIGHT)}" width="100%" height="${String(HEIGHT)}" role="img" aria-labelledby="${titleId}" focusable="false">
<title id="${titleId}">${chart.title}. ${summary}.</title>
${bars.map(
  (
    bar,
    i,
  ) => html`<rect x="${String(bar.x)}" y="${String(bar.y)}" width="${String(bar.width)}" height="${String(bar.height)}" fill="currentColor"></rect>
<text x="${String(bar.x + bar.width / 2)}" y="${String(bar.y - 3)}" text-anchor="middle" font-size="10" fill="currentColor">${formatNumber(chart.values[i] ?? 0)}</text>
<text x="${String(bar.x + bar.width / 2)}" y="${String(HEIGHT - 5)}" text-anchor="middle" font-size="9" fill="currentColor">${chart.labels[i] ?? ''}</text>`,
)}
</svg>
<figcaption>${chart.title}</figcaption>
<details><summary>Ver las cifras</summary>
<table class="chart-table">
<caption class="sr-only">${chart.title}</caption>
<thead><tr><th scope="col">Día</th><th scope="col">${chart.valueHeader}</th></tr></thead>
<tbody>${chart.labels.map((label, i) => html`<tr><th scope="row">${label}</th><td>${formatNumber(chart.values[i] ?? 0)}</td></tr>`)}</tbody>
</table>
</details>
</figure>`;
}

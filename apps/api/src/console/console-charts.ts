import { html, NO_HTML, type SafeHtml } from '#libs/common';

/** One stacked series of a bar chart; colours contrast at least 3:1 with the white page (WCAG 1.4.11). */
export interface BarSeries {
  readonly label: string;
  readonly colour: string;
  readonly values: readonly number[];
}

export interface StackedBarChart {
  readonly id: string;
  readonly title: string;
  /** One label per bar (an hour). */
  readonly categories: readonly string[];
  readonly series: readonly BarSeries[];
}

const WIDTH = 720;
const HEIGHT = 180;
const LEFT = 48;
const BOTTOM = 24;
const TOP = 8;

function niceMaximum(value: number): number {
  if (value <= 5) return 5;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}

/**
 * A stacked bar chart drawn on the server as SVG (no script, no inline style: presentation
 * attributes only, which the console's CSP allows), with a legend and the same figures as a table
 * for those who cannot see the picture.
 */
export function stackedBars(chart: StackedBarChart): SafeHtml {
  const totals = chart.categories.map((_, index) =>
    chart.series.reduce((sum, series) => sum + (series.values[index] ?? 0), 0),
  );
  const maximum = niceMaximum(Math.max(0, ...totals));
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - BOTTOM - TOP;
  const slot = plotWidth / Math.max(1, chart.categories.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (value: number): number => TOP + plotHeight - (value / maximum) * plotHeight;
  const labelEvery = Math.max(1, Math.ceil(chart.categories.length / 12));
  const bars = chart.categories.map((category, index) => {
    let base = 0;
    const x = LEFT + index * slot + (slot - barWidth) / 2;
    const rects = chart.series.map((series) => {
      const value = series.values[index] ?? 0;
      const top = y(base + value);
      const rect = html`<rect x="${x.toFixed(1)}" y="${top.toFixed(1)}" width="${barWidth.toFixed(1)}" height="${(y(base) - top).toFixed(1)}" fill="${series.colour}"><title>${category}: ${series.label} ${value}</title></rect>`;
      base += value;
      return rect;
    });
    const label =
      index % labelEvery === 0
        ? html`<text x="${(x + barWidth / 2).toFixed(1)}" y="${HEIGHT - 6}" text-anchor="middle" font-size="11" fill="#1a1a1a">${category}</text>`
        : NO_HTML;
    return html`${rects}${label}`;
  });
  const axis = html`<line x1="${LEFT}" y1="${TOP + plotHeight}" x2="${WIDTH}" y2="${TOP + plotHeight}" stroke="#595959"/><text x="${LEFT - 6}" y="${TOP + 10}" text-anchor="end" font-size="11" fill="#1a1a1a">${maximum}</text><text x="${LEFT - 6}" y="${TOP + plotHeight}" text-anchor="end" font-size="11" fill="#1a1a1a">0</text>`;
  const legend = html`<ul class="legend">${chart.series.map(
    (series) =>
      html`<li><svg width="12" height="12" aria-hidden="true"><rect width="12" height="12" fill="${series.colour}"/></svg> ${series.label}</li>`,
  )}</ul>`;
  const table = html`<details><summary>${chart.title} as a table</summary><table><thead><tr><th scope="col">Hour</th>${chart.series.map(
    (series) => html`<th scope="col">${series.label}</th>`,
  )}</tr></thead><tbody>${chart.categories.map(
    (category, index) =>
      html`<tr><th scope="row">${category}</th>${chart.series.map((series) => html`<td>${series.values[index] ?? 0}</td>`)}</tr>`,
  )}</tbody></table></details>`;
  return html`<figure id="${chart.id}"><figcaption id="${chart.id}-title">${chart.title}</figcaption><svg viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" role="img" aria-labelledby="${chart.id}-title">${axis}${bars}</svg>${legend}${table}</figure>`;
}

/** Horizontal bars for a few named counts (a backlog), with the figure printed beside each. */
export function countBars(id: string, title: string, counts: readonly (readonly [string, number, string])[]): SafeHtml {
  const maximum = niceMaximum(Math.max(0, ...counts.map(([, value]) => value)));
  const rowHeight = 26;
  const labelWidth = 260;
  const barSpace = WIDTH - labelWidth - 60;
  const rows = counts.map(([label, value, colour], index) => {
    const top = index * rowHeight + 4;
    return html`<text x="0" y="${top + 14}" font-size="13" fill="#1a1a1a">${label}</text><rect x="${labelWidth}" y="${top}" width="${((value / maximum) * barSpace).toFixed(1)}" height="18" fill="${colour}"/><text x="${(labelWidth + (value / maximum) * barSpace + 6).toFixed(1)}" y="${top + 14}" font-size="13" fill="#1a1a1a">${value}</text>`;
  });
  const summary = counts.map(([label, value]) => `${label} ${value}`).join('; ');
  return html`<figure id="${id}"><figcaption id="${id}-title">${title}</figcaption><svg viewBox="0 0 ${WIDTH} ${counts.length * rowHeight + 8}" width="100%" role="img" aria-label="${title}: ${summary}">${rows}</svg></figure>`;
}

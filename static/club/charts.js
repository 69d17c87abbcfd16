/* Rating charts (Chart.js, vendored). Data come from json_script elements: no inline JS. */
(function () {
  "use strict";
  const palette = ["#1f4d3a", "#c9a227", "#2f6db5", "#b5452f", "#6b4fa0", "#3a8f8f"];
  const lang = document.documentElement.lang || "fr";
  const day = (value) => new Date(value).toLocaleDateString(lang, { year: "numeric", month: "short", day: "numeric" });
  // Figures as the pages write them (lib/numbers.py): the language's decimal sign, no
  // thousands separator, a true minus sign before a fall ("1515,6", "−18").
  const figures = new Intl.NumberFormat(lang, { maximumFractionDigits: 3, useGrouping: false });
  const number = (value) => (value < 0 ? "\u2212" : "") + figures.format(Math.abs(value));
  const change = (value) => (value > 0 ? "+" : "") + number(value);

  const history = document.getElementById("rating-chart-data");
  if (history && window.Chart) {
    const series = JSON.parse(history.textContent);
    // An estimated rating is dated at the end of the period that will publish it, which
    // may be after today: it is drawn at today, so that the axis ends today.
    const latest = Date.now();
    new Chart(document.getElementById("rating-chart"), {
      type: "line",
      data: {
        datasets: series.map((s, i) => {
          const points = s.points.map((p) => ({ x: Math.min(Date.parse(p.x), latest), y: p.y, label: p.label, change: p.change }));
          // A rating holds until it changes: the last one drawn as a level line to
          // today (a rating known once too, not as a lone dot).
          const alone = points.length === 1 && points[0].x < latest;
          const last = points[points.length - 1];
          if (last && last.x < latest) points.push({ ...last, x: latest, held: true });
          return {
            label: s.label,
            data: points,
            borderColor: palette[i % palette.length],
            backgroundColor: palette[i % palette.length],
            // A rating holds from one change to the next: a step, never a smoothed slope
            // (a flat rating drawn as a flat line), the line level until the day of the
            // change and rising or falling there (Chart.js's "before": the next point's
            // value is taken on at the next point, not just after this one).
            stepped: "before",
            borderDash: alone ? [6, 4] : [],
            pointRadius: points.map((p) => (p.held ? 0 : alone ? 5 : 3)),
          };
        }),
      },
      options: {
        locale: lang,
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: "nearest", intersect: false },
        scales: {
          x: { type: "linear", max: latest, ticks: { callback: (v) => day(v), maxTicksLimit: 8 } },
          y: { ticks: { callback: (v) => number(v) } },
        },
        plugins: {
          tooltip: {
            callbacks: {
              title: (items) => items[0].raw.label,
              label: (item) => {
                const delta = item.raw.change === null ? "" : ` (${change(item.raw.change)})`;
                return `${item.dataset.label}: ${number(item.raw.y)}${delta} · ${day(item.raw.x)}`;
              },
            },
          },
        },
      },
    });
  }

  const distribution = document.getElementById("distribution-data");
  if (distribution && window.Chart) {
    const data = JSON.parse(distribution.textContent);
    new Chart(document.getElementById("distribution-chart"), {
      type: "bar",
      data: { labels: data.labels, datasets: [{ data: data.counts, backgroundColor: palette[0] }] },
      options: { animation: false, plugins: { legend: { display: false } }, scales: { y: { ticks: { precision: 0 } } } },
    });
  }
})();

/**
 * Installed in the page before a big-graph load (addInitScript): notes when each step of
 * the load is first seen — each fetch as it starts (a stream's request never ends, so
 * Resource Timing lists it only when it closes), the run's title and header counts, the
 * canvas, the overview's first marks — in `window.__phases`, each also a `performance.mark`
 * so a trace shows it on its own clock.
 * A string: tsx's keepNames would wrap inner functions in a helper the page lacks.
 */
export const PHASE_WATCH = `(() => {
  const t = (window.__phases = {});
  const seen = (name) => { if (!(name in t)) { t[name] = performance.now(); performance.mark('phase ' + name); } };
  const fetchOf = window.fetch;
  window.fetch = (input, init) => { seen('fetch ' + String(input.url ?? input).split('/').pop().slice(0, 40)); return fetchOf(input, init); };
  const poll = () => {
    if (document.querySelector('.react-flow')) seen('react-flow');
    if (document.querySelector('[data-testid="graph-overview"]')) seen('overview canvas');
    if (Number(document.querySelector('[data-testid="graph-overview"]')?.dataset.drawn ?? 0) > 0) seen('marks drawn');
    const text = document.body?.textContent ?? '';
    if (/Big graph/.test(text)) seen('run title');
    if (/pending/.test(document.querySelector('header, [data-testid="run-header"]')?.textContent ?? '')) seen('header counts');
    if (/Laying out/.test(text)) seen('laying out');
    requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
})()`;

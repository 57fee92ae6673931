// The pages `npm run bench` measures (run.mjs) and `token-parts.mjs` breaks down: one list, so the two
// always read the same pages with the same ready selectors.
/** @type {{ name: string; path: string; ready: string; synthetic?: number }[]} */
export const BENCH_PAGES = [
  { name: 'synthetic-1k', path: '/bench/synthetic-1k.html', ready: 'footer', synthetic: 1_000 },
  { name: 'synthetic-10k', path: '/bench/synthetic-10k.html', ready: 'footer', synthetic: 10_000 },
  { name: 'synthetic-50k', path: '/bench/synthetic-50k.html', ready: 'footer', synthetic: 50_000 },
  { name: 'tree-react', path: '/tree-react.html', ready: 'h1' },
  { name: 'tree-react-dialog', path: '/tree-react.html?open=dialog', ready: '[role=dialog]' },
  { name: 'tree-shoelace', path: '/tree-shoelace.html', ready: 'body[data-ready]' },
  { name: 'tree-article', path: '/tree-article.html', ready: 'h1' },
  { name: 'tree-table', path: '/tree-table.html', ready: 'tbody tr' },
  { name: 'tree-form', path: '/tree-form.html', ready: 'form' },
  { name: 'tree-clickables', path: '/tree-clickables.html', ready: 'h1' },
  { name: 'tree-edge', path: '/tree-edge.html', ready: 'h1' },
];

/**
 * The pages both sources are compared on (issue 14 item 4, "the fixtures and real-library apps"):
 * `npm run agreement` (tree-agreement.e2e.ts) and the ref/role/name proof (chrome-ax-tree.e2e.ts).
 * Apps are bundled from npm at test time (tests/fixtures/apps/, support/bundle-fixtures.ts); a page
 * in a state (a dialog, a listbox, a menu open) is reached the way a person reaches it, by Playwright
 * input, and is named `path#state` in the figures and the known-failure list.
 */
import type { Page } from 'playwright-core';

export interface AgreementPage {
  /** The name in the printed figures and the known-failure list. */
  name: string;
  path: string;
  /** A selector (Playwright CSS, piercing open shadow roots) that says the page has rendered. */
  ready: string;
  /** Brings the page into the state under test; runs after `ready`. */
  prepare?: (page: Page) => Promise<void>;
}

const plain = (path: string, ready: string): AgreementPage => ({ name: path, path, ready });

/** Hand-written fixture pages (tests/fixtures/pages/), React and Shoelace ones included. */
export const FIXTURE_PAGES: readonly AgreementPage[] = [
  plain('/tree-react.html', 'h1'),
  plain('/tree-react.html?open=dialog', '[role=dialog]'),
  plain('/tree-react.html?open=select', '[role=listbox]'),
  plain('/tree-react.html?open=combobox', '[role=option]'),
  plain('/tree-shoelace.html', 'body[data-ready]'),
  plain('/tree-article.html', 'h1'),
  plain('/tree-table.html', 'tbody tr'),
  plain('/tree-form.html', 'form'),
  plain('/tree-clickables.html', 'h1'),
  plain('/tree-edge.html', 'h1'),
];

/**
 * actions-widgets-2 changes every 60 ms (a status line ticks, a menu blinks in and out). Two reads
 * taken at different instants of such a page measure timing, not agreement, so its intervals are
 * cleared and the churn area is left in one fixed state: the menu shown, with a fixed item.
 */
async function stopChurn(page: Page): Promise<void> {
  await page.evaluate(() => {
    const last = window.setInterval(() => undefined, 1_000_000);
    for (let id = 1; id <= last; id++) window.clearInterval(id);
    const blink = document.getElementById('blink');
    if (blink)
      blink.innerHTML =
        'tick 2<div role="menu" aria-label="Tips" style="position:absolute;left:420px;top:10px;border:1px solid #ccc"><div role="menuitem">Tip 2</div></div>';
  });
}

/** The real-library apps (tests/fixtures/apps/): React 19, Vue 3, Shoelace, Radix, downshift, Quill, react-select, tom-select, choices.js, flatpickr. */
export const APP_PAGES: readonly AgreementPage[] = [
  plain('/actions-react.html', 'form'),
  plain('/actions-vue.html', 'select'),
  plain('/actions-shoelace.html', 'sl-button button'),
  plain('/agent-contact.html', 'form'),
  plain('/agent-todo.html', 'input.new-todo'),
  {
    name: '/agent-todo.html#items',
    path: '/agent-todo.html',
    ready: 'input.new-todo',
    async prepare(page) {
      for (const title of ['Buy milk', 'Walk the dog']) {
        await page.locator('input.new-todo').fill(title);
        await page.locator('input.new-todo').press('Enter');
      }
      await page.locator('input.toggle').first().check();
    },
  },
  plain('/actions-widgets.html', '.ql-editor'),
  {
    name: '/actions-widgets.html#dialog',
    path: '/actions-widgets.html',
    ready: '.ql-editor',
    async prepare(page) {
      await page.getByRole('button', { name: 'Edit profile' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: '/actions-widgets.html#select',
    path: '/actions-widgets.html',
    ready: '.ql-editor',
    async prepare(page) {
      await page.getByRole('combobox', { name: 'Plan' }).click();
      await page.getByRole('option', { name: 'Team' }).waitFor();
    },
  },
  {
    name: '/actions-widgets.html#autocomplete',
    path: '/actions-widgets.html',
    ready: '.ql-editor',
    async prepare(page) {
      await page.getByRole('combobox', { name: 'Fruit' }).fill('b');
      await page.getByRole('option', { name: 'Blueberry' }).waitFor();
    },
  },
  {
    name: '/actions-widgets-2.html',
    path: '/actions-widgets-2.html',
    ready: '.flatpickr-calendar',
    prepare: stopChurn,
  },
  {
    name: '/actions-widgets-2.html#menus',
    path: '/actions-widgets-2.html',
    ready: '.flatpickr-calendar',
    async prepare(page) {
      await stopChurn(page);
      // react-select opens its menu on focus (openMenuOnFocus).
      await page.locator('#country-input').focus();
      await page.getByText('Portugal', { exact: true }).waitFor();
    },
  },
];

/** Opens the page, waits until it has rendered and brings it into its state. */
export async function preparePage(page: Page, spec: AgreementPage): Promise<void> {
  await page.locator(spec.ready).first().waitFor({ state: 'attached' });
  if (spec.prepare) await spec.prepare(page);
}

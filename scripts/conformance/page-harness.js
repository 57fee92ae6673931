// Stand-in for testharness.js, testdriver*.js, aria-utils.js and ATTAcomm.js on the WPT pages.
// It runs nothing by itself: it records the tests each page declares, and the runner later calls
// window.__wbRunAll(), which runs them in order and records one case per expectation with our
// value (window.__wb_ax_describe, injected before the page) and Chrome's (window.__wbChrome,
// a CDP binding). Served for every stand-in URL, so it installs itself once.
(function () {
  if (window.__wbHarness) return;
  window.__wbHarness = true;
  const tests = [];
  const cases = [];
  const errors = [];
  const manualSteps = [];
  let current = '';

  const ascii = /[\t\n\f\r ]+/g;
  const norm = (s) =>
    String(s ?? '')
      .replace(ascii, ' ')
      .replace(/^ | $/g, '');

  async function probe(kind, el) {
    const d = window.__wb_ax_describe(el);
    let ours;
    if (kind === 'name') ours = norm(d.name);
    else if (kind === 'description') ours = norm(d.description ?? '');
    else if (kind === 'role') ours = d.role;
    else ours = d.states;
    window.__wbTarget = el;
    let chrome = null;
    try {
      chrome = await window.__wbChrome(kind);
    } catch {
      chrome = null;
    }
    if ((kind === 'name' || kind === 'description') && typeof chrome === 'string') chrome = norm(chrome);
    return { __wbProbe: true, kind, ours, chrome };
  }

  function record(kind, expected, ours, chrome, extra) {
    cases.push({ test: current, kind, expected, ours, chrome, ...extra });
  }

  // --- testharness.js ---
  window.promise_test = (fn, name) => tests.push({ fn, name: String(name ?? '') });
  window.test = (fn, name) => tests.push({ fn, name: String(name ?? '') });
  window.async_test = () => ({ step: () => {}, step_func: (f) => f, done: () => {} });
  window.setup = () => {};
  window.done = () => {};
  window.add_completion_callback = () => {};
  window.add_result_callback = () => {};
  window.assert_equals = (actual, expected) => {
    if (actual && actual.__wbProbe) {
      record(actual.kind, [expected], actual.ours, actual.chrome);
      return;
    }
    if (actual !== expected) throw new Error(`assert_equals: ${actual} !== ${expected}`);
  };
  window.assert_true = (v) => {
    if (v !== true) throw new Error('assert_true');
  };
  window.assert_false = (v) => {
    if (v !== false) throw new Error('assert_false');
  };
  window.assert_not_equals = () => {};

  // --- testdriver.js ---
  window.test_driver = {
    get_computed_label: (el) => probe('name', el),
    get_computed_role: (el) => probe('role', el),
    get_accessibility_properties_for_element: () =>
      Promise.reject(new Error('unsupported: accessibility properties API')),
    get_accessibility_properties_for_accessibility_node: () => Promise.reject(new Error('unsupported')),
    click: () => Promise.resolve(),
    send_keys: () => Promise.resolve(),
    bless: (_d, fn) => Promise.resolve(fn ? fn() : undefined),
    set_test_context: () => {},
    action_sequence: () => Promise.resolve(),
  };
  window.test_driver_internal = {};

  // --- aria-utils.js (same selection and expectations as the WPT original) ---
  const roleCase = (el, roles, name) => {
    tests.push({
      name,
      fn: async () => {
        const p = await probe('role', el);
        record('role', roles, p.ours, p.chrome);
      },
    });
  };
  const labelCase = (el, name) => {
    const expected = el.getAttribute('data-expectedlabel');
    tests.push({
      name,
      fn: async () => {
        const p = await probe('name', el);
        record('name', [expected], p.ours, p.chrome);
      },
    });
  };
  window.AriaUtils = {
    assignAndVerifyRolesByRoleNames(roleNames) {
      for (const role of roleNames) {
        tests.push({
          name: `role: ${role}`,
          fn: async () => {
            const el = document.createElement('div');
            el.appendChild(document.createTextNode('x'));
            el.setAttribute('role', role);
            document.body.appendChild(el);
            const p = await probe('role', el);
            record('role', [role.toLowerCase()], p.ours, p.chrome);
          },
        });
      }
    },
    verifyRolesBySelector(selector, prefix) {
      for (const el of document.querySelectorAll(selector)) {
        const role = el.getAttribute('data-expectedrole');
        roleCase(el, [role], (prefix ?? '') + (el.getAttribute('data-testname') || role));
      }
    },
    verifyRoleOrVariantRolesBySelector(selector, roles) {
      for (const el of document.querySelectorAll(selector)) roleCase(el, roles, el.getAttribute('data-testname'));
    },
    verifyGenericRolesBySelector(selector) {
      this.verifyRoleOrVariantRolesBySelector(selector, ['generic', '', 'none']);
    },
    verifyLabelsBySelector(selector, prefix) {
      for (const el of document.querySelectorAll(selector)) {
        labelCase(el, (prefix ?? '') + (el.getAttribute('data-testname') || el.getAttribute('data-expectedlabel')));
      }
    },
    verifyRolesAndLabelsBySelector(selector) {
      for (const el of document.querySelectorAll(selector)) {
        const t = el.getAttribute('data-testname');
        const role = el.getAttribute('data-expectedrole');
        roleCase(el, [role], `(Role) ${t}`);
        labelCase(el, `(Label) ${t}`);
      }
    },
    verifyRoleAndLabelBySelector(selector) {
      this.verifyRolesAndLabelsBySelector(selector);
    },
    verifyPropertiesBySelector(selector) {
      for (const el of document.querySelectorAll(selector)) {
        const expected = JSON.parse(el.getAttribute('data-expectedproperties') || '{}');
        tests.push({
          name: el.getAttribute('data-testname'),
          fn: async () => {
            const p = await probe('states', el);
            for (const [key, value] of Object.entries(expected)) {
              const ours = p.ours[key] === undefined ? 'undefined' : String(p.ours[key]);
              const chrome = p.chrome && key in p.chrome ? String(p.chrome[key]) : p.chrome ? 'undefined' : null;
              record('property', [String(value)], ours, chrome, { property: key });
            }
          },
        });
      }
    },
    verifyAccessibilitySubtree() {
      tests.push({ name: 'accessibility subtree', fn: () => Promise.reject(new Error('unsupported: subtree API')) });
    },
  };

  // --- ATTAcomm.js (accname/manual): step element must get the ATK name/description ---
  window.ATTAcomm = function ATTAcomm(spec) {
    for (const step of spec.steps ?? []) manualSteps.push({ step, title: spec.title });
  };

  window.__wbRunAll = async () => {
    for (const { step, title } of manualSteps) {
      const el = document.getElementById(step.element);
      for (const assertion of step.test?.ATK ?? []) {
        const [kind, prop, op, value] = assertion;
        if (kind !== 'property' || (prop !== 'name' && prop !== 'description') || op !== 'is') continue;
        current = `${title}: ${step.title}`;
        if (!el) {
          errors.push({ test: current, error: `no element #${step.element}` });
          continue;
        }
        const p = await probe(prop, el);
        record(prop, [value], p.ours, p.chrome);
      }
    }
    for (const t of tests) {
      current = t.name;
      const before = cases.length;
      try {
        await t.fn({ step_func: (f) => f, add_cleanup: () => {} });
      } catch (e) {
        errors.push({ test: t.name, error: String(e && e.message ? e.message : e) });
      }
      if (cases.length === before && !errors.some((x) => x.test === t.name)) {
        errors.push({ test: t.name, error: 'no expectation recorded' });
      }
    }
    return { cases, errors };
  };
})();

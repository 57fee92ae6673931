// The pure half of the doc-identifier check (check-identifiers.mjs does the I/O): pulls the
// backticked spans out of Markdown and judges each one that names something in the repo — a path
// (file, folder or glob), an npm script, a tool, a setting key, a `wb.` console member, or a code
// identifier (snake_case or camelCase) — against a `world` of what exists.

/** File endings that make a bare or relative span a file name (`.js` is left out: those are build outputs). */
const FILE_EXT = /\.(tsx?|mjs|json|md|html|css|svg|png)$/;
/** A camelCase/PascalCase word: a lower-case letter directly followed by an upper-case one (not a placeholder like `fN`). */
const CAMEL = /^(?=.{4})[\w$]*[a-z][A-Z]/;
const DOTTED = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(\))?$/;

/**
 * Inline code spans of a Markdown text with their line and the text around them on that line.
 * Fenced blocks are skipped (they hold examples: page content, tree lines, transcripts), except
 * that shell blocks (sh, bash, shell, console) are read for commands, one span per line.
 */
export function extractSpans(markdown) {
  const spans = [];
  let fence = null;
  markdown.split('\n').forEach((line, i) => {
    const open = /^\s*(`{3,}|~{3,})\s*([\w-]*)/.exec(line);
    if (fence) {
      if (open && open[1][0] === fence.mark[0] && open[1].length >= fence.mark.length && !open[2]) fence = null;
      else if (fence.shell && line.trim() && !line.trim().startsWith('#'))
        spans.push({ line: i + 1, text: line.trim().replace(/^\$\s+/, ''), before: '', after: '', shell: true });
      return;
    }
    if (open) {
      fence = { mark: open[1], shell: /^(sh|bash|shell|console)$/.test(open[2]) };
      return;
    }
    const re = /(`+)([^`]|[^`].*?[^`])\1(?!`)/g;
    for (let m = re.exec(line); m; m = re.exec(line)) {
      spans.push({
        line: i + 1,
        text: m[2].trim(),
        before: line.slice(0, m.index),
        after: line.slice(m.index + m[0].length),
      });
    }
  });
  return spans;
}

/** A glob (`*`, `**`, `<placeholder>`) as an anchored regular expression over repo paths. */
function globRegex(glob, anchored) {
  const body = glob
    .replace(/\/$/, '')
    .split(/(\*\*|\*|<[^>]+>)/)
    .map((part) => {
      if (part === '**') return '.*';
      if (part === '*' || /^<[^>]+>$/.test(part)) return '[^/]*';
      return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`${anchored ? '^' : '(^|/)'}${body}$`);
}

/** `a/{b,c}.png` → [`a/b.png`, `a/c.png`] (one level of braces is all the docs use). */
function expandBraces(p) {
  const m = /\{([^{}]*,[^{}]*)\}/.exec(p);
  if (!m) return [p];
  return m[1].split(',').flatMap((alt) => expandBraces(p.slice(0, m.index) + alt + p.slice(m.index + m[0].length)));
}

/** Whether a path (from the root when `anchored`, else as a tail of some path) names a file or folder. */
function pathExists(p, world, anchored) {
  return expandBraces(p).every((one) => {
    const clean = one.replace(/\/$/, '');
    if (/[*<]/.test(clean)) {
      const re = globRegex(clean, anchored);
      return world.paths.some((x) => re.test(x));
    }
    if (anchored) return world.pathSet.has(clean);
    return world.paths.some((x) => x === clean || x.endsWith(`/${clean}`));
  });
}

/** The problem with a span that looks like a repo path, or null (also null when it is no path). */
export function judgePath(raw, world) {
  const t = raw.replace(/[?#].*$/, '');
  if (!t || /\s|:\/\/|^[/~$.]|^\.\.|[:=@'"]/.test(t.replace(/^\.(?=[\w-]+\/)/, ''))) return null;
  const first = t.split('/')[0];
  if (t.includes('/')) {
    if (world.topLevel.has(first)) {
      return pathExists(t, world, true) ? null : `no such path in the repo`;
    }
    const last = t.replace(/\/$/, '').split('/').pop() ?? '';
    if (!FILE_EXT.test(last) && !t.endsWith('/')) return null;
    if (!/^[\w.<>*{},-]+(\/[\w.<>*{},-]+)*\/?$/.test(t)) return null;
    return pathExists(t, world, false) ? null : `no file or folder in the repo ends with this path`;
  }
  if (!FILE_EXT.test(t) || !/^[\w.*<>-]+$/.test(t)) return null;
  return pathExists(t, world, false) ? null : `no file in the repo has this name`;
}

/** Problems with a command span (`npm run x`, `npx vitest run tests/x.e2e.ts`, `node scripts/x.mjs`). */
function judgeCommand(text, world) {
  const problems = [];
  for (const cmd of text.split(/&&|\|\||;|\|/)) {
    const words = cmd.trim().split(/\s+/);
    const at = words.findIndex((w) => w === 'npm' || w === 'npx' || w === 'node');
    if (at < 0) continue;
    const [tool, verb, name] = words.slice(at);
    if (tool === 'npm' && (verb === 'run' || verb === 'run-script') && name && !name.startsWith('-')) {
      if (!world.scripts.has(name)) problems.push({ id: `npm run ${name}`, why: 'no such script in package.json' });
    } else if (tool === 'npm' && (verb === 'test' || verb === 'start') && !world.scripts.has(verb)) {
      problems.push({ id: `npm ${verb}`, why: 'no such script in package.json' });
    }
    // Only arguments rooted in the repo: a bare `page.html` in an example command is the reader's file.
    for (const w of words.slice(at + 1)) {
      if (w.startsWith('-') || !world.topLevel.has(w.split('/')[0]) || !w.includes('/')) continue;
      const why = judgePath(w, world);
      if (why) problems.push({ id: w, why });
    }
  }
  return problems;
}

/** Problems with a `wb.…` span: the member must be on the console API; tool names and setting keys inside it too. */
function judgeConsole(text, world) {
  const problems = [];
  const member = /^(?:await\s+)?wb\.([A-Za-z_$][\w$]*)/.exec(text)?.[1];
  if (member && !world.wb.has(member))
    problems.push({ id: `wb.${member}`, why: 'no such member of the wb console API' });
  const tool = /^(?:await\s+)?wb\.tool\(\s*'([^']+)'/.exec(text)?.[1];
  if (tool && !world.tools.has(tool)) problems.push({ id: tool, why: 'no such tool in the registry' });
  if (/^(?:await\s+)?wb\.settings\.set\(/.test(text)) {
    for (const m of text.matchAll(/([A-Za-z_$][\w$]*)\s*:/g)) {
      if (!world.settings.has(m[1])) problems.push({ id: m[1], why: 'no such setting key in shared/settings.ts' });
    }
  }
  return problems;
}

/** Problems with a bare code word: a tool where the prose says "tool", a setting where it says "setting", else any code name. */
function judgeWord(span, world) {
  const text = span.text.replace(/\(\)$/, '');
  const head = /^([a-z][a-z0-9]*(?:_[a-z0-9]+)+)(?:\s*\{.*\}|\s+\S.*)?$/.exec(text)?.[1];
  const saysTool = /\btools?\s*$/i.test(span.before) || /^\s*tools?\b/i.test(span.after);
  const saysSetting = /\bsettings?\s*$/i.test(span.before) || /^\s*settings?\b/i.test(span.after);
  if (saysSetting && /^[A-Za-z]\w*$/.test(text)) {
    return world.settings.has(text)
      ? []
      : [{ id: text, why: 'called a setting, but shared/settings.ts has no such key' }];
  }
  if (head) {
    if (world.tools.has(head)) return [];
    if (saysTool) return [{ id: head, why: 'called a tool, but the tool registry has no such tool' }];
    return world.words.has(head) ? [] : [{ id: head, why: 'no tool by this name, and no source file names it' }];
  }
  if (DOTTED.test(text) && text.split('.').some((part) => CAMEL.test(part))) {
    const missing = text.split('.').filter((part) => CAMEL.test(part) && !world.words.has(part));
    return missing.map((part) => ({
      id: part === text ? text : `${part} (in ${text})`,
      why: 'no source file names it',
    }));
  }
  return [];
}

/** Every problem with one span: [{id, why}] (empty when it names nothing or names something that exists). */
export function judgeSpan(span, world) {
  const text = span.text;
  // A console call or member (`wb.run`, `await wb.tool(…)`); `wb.read-origins.<taskId>`-like storage keys are no member.
  if (/^(?:await\s+)?wb\.[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*(?:\(.*\))?;?$/.test(text))
    return judgeConsole(text, world);
  if (/^wb\./.test(text)) return [];
  if (span.shell || /^(npm|npx|node)\s/.test(text)) return judgeCommand(text, world);
  const why = judgePath(text, world);
  if (why) return [{ id: text, why }];
  if (/[/\\]/.test(text) || FILE_EXT.test(text)) return [];
  return judgeWord(span, world);
}

/** Whether an allow-list entry ({id} exact, or {prefix}) covers an identifier. */
export function allowed(id, allowList) {
  return allowList.some((a) => (a.id !== undefined ? a.id === id : id.startsWith(a.prefix)));
}

/**
 * Whether a doc page names the code it describes: a `Code:` followed by a backticked name in its
 * intro (before the first `## ` heading). A generated page (its first lines say so) needs none.
 */
export function namesItsCode(markdown) {
  if (/<!-- Generated by/.test(markdown.slice(0, 400))) return true;
  const intro = markdown.split(/\n## /)[0] ?? '';
  return /\bCode:\s*`/.test(intro);
}

/**
 * docs/permissions.md against the manifest: its table must have one row per permission and host
 * permission the manifest asks for (first cell, backticked), and no row for one it no longer asks for.
 */
export function permissionTableProblems(markdown, manifest) {
  const asked = [...(manifest.permissions ?? []), ...(manifest.host_permissions ?? [])];
  const rows = [];
  for (const line of markdown.split('\n')) {
    const first = /^\|([^|]*)\|/.exec(line)?.[1] ?? '';
    for (const m of first.matchAll(/`([^`]+)`/g)) rows.push(m[1]);
  }
  return [
    ...asked
      .filter((p) => !rows.includes(p))
      .map((p) => ({ id: p, why: 'the manifest asks for it, but the table has no row for it' })),
    ...rows
      .filter((p) => !asked.includes(p))
      .map((p) => ({ id: p, why: 'a row for a permission the manifest does not ask for' })),
  ];
}

/**
 * Relative link targets of a Markdown text (`[text](../x.md#part)` → `../x.md`), with their line;
 * web links, mail links and same-page anchors are left out, and so are links inside code.
 */
export function extractLinks(markdown) {
  const links = [];
  let fenced = false;
  markdown.split('\n').forEach((line, i) => {
    if (/^\s*(`{3,}|~{3,})/.test(line)) fenced = !fenced;
    if (fenced) return;
    const prose = line.replace(/(`+)[^`].*?\1/g, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)|<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g)) {
      const target = (m[1] ?? m[2] ?? '').replace(/[#?].*$/, '');
      if (target && !/^[a-z][a-z0-9+.-]*:/i.test(target)) links.push({ line: i + 1, target });
    }
  });
  return links;
}

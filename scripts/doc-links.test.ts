// Every relative link in README.md, CONTRIBUTING.md and docs/ must reach a file, and its #anchor a heading there.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(): string[] {
  const inDocs = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return inDocs(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  return [join(root, 'README.md'), join(root, 'CONTRIBUTING.md'), ...inDocs(join(root, 'docs'))];
}

/** The text a reader sees as prose: fenced blocks and inline code hold examples, not links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of markdown.replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target!)) continue; // https:, mailto: …: not ours to check
    const [path, anchor] = target!.split('#') as [string, string | undefined];
    const linked = path === '' ? file : resolve(dirname(file), decodeURIComponent(path));
    const where = `${relative(root, file)} → ${target}`;
    if (!existsSync(linked)) {
      broken.push(`${where}: no such file`);
      continue;
    }
    if (
      anchor !== undefined &&
      statSync(linked).isFile() &&
      linked.endsWith('.md') &&
      !anchorsOf(readFileSync(linked, 'utf8')).has(anchor)
    ) {
      broken.push(`${where}: no such heading`);
    }
  }
  return broken;
}

describe('documentation links', () => {
  it('every relative link reaches a file and every anchor a heading', () => {
    expect(markdownFiles().flatMap(brokenLinks)).toEqual([]);
  });

  it('anchors follow GitHub: punctuation dropped, repeated headings numbered', () => {
    expect([...anchorsOf('# Providers: sandbox, live, or mixed\n## `wallet` answers\n## Live\n## Live\n')]).toEqual([
      'providers-sandbox-live-or-mixed',
      'wallet-answers',
      'live',
      'live-1',
    ]);
  });
});

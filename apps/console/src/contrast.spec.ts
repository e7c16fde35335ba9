/**
 * The console's colours, read from console.css for the light theme and the dark one, meet WCAG 2
 * AA contrast: 4.5:1 for text, 3:1 for large text and graphical parts (node outlines, edges).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

const css = fs.readFileSync(path.join(__dirname, 'console.css'), 'utf8');

function variables(block: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const match of block.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})\s*;/gi)) result.set(match[1], match[2]);
  return result;
}

const light = variables(css.slice(css.indexOf(':root {'), css.indexOf('@media (prefers-color-scheme: dark)')));
const darkStart = css.indexOf('@media (prefers-color-scheme: dark)');
const dark = variables(css.slice(darkStart, css.indexOf('\n}\n', darkStart)));

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

// [foreground, background, minimum ratio]
const PAIRS: [string, string, number][] = [
  ['fg', 'bg', 4.5],
  ['fg', 'panel', 4.5],
  ['fg', 'editor-bg', 4.5],
  ['muted', 'panel', 4.5],
  ['muted', 'editor-bg', 4.5],
  ['accent', 'panel', 4.5],
  ['accent-fg', 'accent', 4.5],
  ['error', 'panel', 4.5],
  ['error', 'error-line', 4.5],
  ['fg', 'error-line', 4.5],
  ['ok', 'panel', 4.5],
  ['warn', 'panel', 4.5],
  ['fg', 'input-fill', 4.5],
  ['fg', 'transform-fill', 4.5],
  ['fg', 'output-fill', 4.5],
  ['muted', 'input-fill', 4.5],
  ['muted', 'transform-fill', 4.5],
  ['muted', 'output-fill', 4.5],
  ['input-stroke', 'editor-bg', 3],
  ['transform-stroke', 'editor-bg', 3],
  ['output-stroke', 'editor-bg', 3],
  ['edge', 'editor-bg', 3],
  ['focus', 'panel', 3],
  ['syn-key', 'editor-bg', 4.5],
  ['syn-string', 'editor-bg', 4.5],
  ['syn-atom', 'editor-bg', 4.5],
  ['syn-comment', 'editor-bg', 4.5],
  ['syn-meta', 'editor-bg', 4.5],
  ['syn-punct', 'editor-bg', 4.5],
  ['fg', 'active-line', 4.5],
  ['fg', 'selection', 4.5],
];

describe('the contrast check itself', () => {
  it('computes the WCAG ratio and reads two different themes', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeLessThan(4.5);
    expect(light.get('bg')).not.toBe(dark.get('bg'));
    expect(dark.size).toBe(light.size);
  });
});

describe.each([
  ['light', light],
  ['dark', dark],
])('the %s theme', (_name, theme) => {
  it('defines every colour the checks use', () => {
    for (const [fg, bg] of PAIRS) {
      expect(theme.get(fg)).toMatch(/^#/);
      expect(theme.get(bg)).toMatch(/^#/);
    }
  });

  it.each(PAIRS)('%s on %s reaches %s:1', (fg, bg, minimum) => {
    expect(contrast(theme.get(fg) ?? '#000000', theme.get(bg) ?? '#000000')).toBeGreaterThanOrEqual(minimum);
  });
});

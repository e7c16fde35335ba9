/**
 * The YAML editor: CodeMirror 6 with YAML highlighting (colours from CSS variables, so light and
 * dark themes both read well), line numbers, history, bracket matching, and a linter that sends
 * the text to `POST /api/validate` once typing pauses and puts the error on its line.
 */
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { yaml } from '@codemirror/lang-yaml';
import { HighlightStyle, bracketMatching, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { diagnosticCount, forEachDiagnostic, lintGutter, linter, type Diagnostic } from '@codemirror/lint';
import { EditorState, StateEffect } from '@codemirror/state';
import {
  Decoration,
  EditorView,
  ViewPlugin,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  type DecorationSet,
  type ViewUpdate,
} from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { errorPosition } from './error-position';

/** What one validation round found; the console shows it beside the editor and updates the graph. */
export type CheckResult =
  | { readonly kind: 'valid'; readonly yaml: string }
  | { readonly kind: 'invalid'; readonly yaml: string; readonly message: string; readonly line?: number }
  | { readonly kind: 'unreachable'; readonly message: string };

/** How the editor validates: `check` calls the API; `onResult` hears every outcome. */
export interface EditorOptions {
  readonly parent: HTMLElement;
  readonly doc: string;
  readonly label: string;
  readonly check: (yaml: string, signal: AbortSignal) => Promise<{ valid: boolean; error?: string }>;
  readonly onResult: (result: CheckResult) => void;
  /** The text (or what it is checked with) changed: the last result no longer holds. */
  readonly onPending: () => void;
  /** The text changed (typed, pasted or replaced), with the new text. */
  readonly onChange?: (text: string) => void;
  /** Ctrl/Cmd+Enter. */
  readonly onRun: () => void;
  readonly delayMs?: number;
}

const highlight = HighlightStyle.define([
  { tag: [tags.propertyName, tags.definition(tags.propertyName)], color: 'var(--syn-key)' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--syn-string)' },
  { tag: [tags.number, tags.bool, tags.null, tags.atom], color: 'var(--syn-atom)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--syn-comment)', fontStyle: 'italic' },
  { tag: [tags.meta, tags.keyword, tags.labelName, tags.typeName], color: 'var(--syn-meta)' },
  { tag: [tags.punctuation, tags.separator, tags.squareBracket, tags.brace], color: 'var(--syn-punct)' },
]);

const theme = EditorView.theme({
  '&': { color: 'var(--fg)', backgroundColor: 'var(--editor-bg)', height: '100%' },
  '.cm-content': { caretColor: 'var(--fg)', fontFamily: 'var(--mono)' },
  '.cm-scroller': { fontFamily: 'var(--mono)', lineHeight: '1.5' },
  '.cm-gutters': { backgroundColor: 'var(--panel)', color: 'var(--muted)', borderRight: '1px solid var(--border)' },
  '.cm-activeLine': { backgroundColor: 'var(--active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--active-line)' },
  '&.cm-focused': { outline: '2px solid var(--focus)', outlineOffset: '-2px' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--fg)' },
  '.cm-selectionBackground, &.cm-focused .cm-selectionBackground, ::selection': { backgroundColor: 'var(--selection) !important' },
  '.cm-tooltip': { backgroundColor: 'var(--panel)', color: 'var(--fg)', border: '1px solid var(--border)' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--error)' },
  '.cm-lintRange-error': { backgroundImage: 'none', textDecoration: 'underline wavy var(--error)', textUnderlineOffset: '3px' },
  '.cm-line-error': { backgroundColor: 'var(--error-line)' },
});

// Asks for a new validation round without a text change (variables or backend changed).
const recheck = StateEffect.define<null>();

/** The editor and what the console needs to drive it. */
export interface PipelineEditor {
  readonly view: EditorView;
  text(): string;
  setText(text: string): void;
  /** Validate again once input pauses (variables or backend changed). */
  revalidate(): void;
}

/** Creates the editor inside `options.parent`. */
export function createEditor(options: EditorOptions): PipelineEditor {
  let inFlight: AbortController | undefined;
  const source = async (view: EditorView): Promise<Diagnostic[]> => {
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    const text = view.state.doc.toString();
    let answer: { valid: boolean; error?: string };
    try {
      answer = await options.check(text, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return [];
      options.onResult({ kind: 'unreachable', message: (error as Error).message });
      return [];
    }
    // A newer round started meanwhile: its answer wins.
    if (controller.signal.aborted || view.state.doc.toString() !== text) return [];
    if (answer.valid) {
      options.onResult({ kind: 'valid', yaml: text });
      return [];
    }
    const message = answer.error ?? 'invalid pipeline';
    const position = errorPosition(message, text);
    options.onResult({ kind: 'invalid', yaml: text, message, line: position?.line });
    if (!position) return [];
    const line = view.state.doc.line(Math.min(position.line, view.state.doc.lines));
    const from = Math.min(line.from + position.column - 1, line.to);
    return [{ from, to: Math.max(from, line.to), severity: 'error', message, markClass: 'cm-error-mark' }];
  };

  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        drawSelection(),
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        EditorState.tabSize.of(2),
        // Long lines wrap, so a line's error is never scrolled out of sight sideways.
        EditorView.lineWrapping,
        keymap.of([
          { key: 'Mod-Enter', run: () => (options.onRun(), true) },
          ...defaultKeymap,
          ...historyKeymap,
          indentWithTab,
        ]),
        yaml(),
        syntaxHighlighting(highlight),
        linter(source, {
          delay: options.delayMs ?? 400,
          needsRefresh: (update) => update.transactions.some((tr) => tr.effects.some((effect) => effect.is(recheck))),
        }),
        lintGutter(),
        errorLineHighlight,
        theme,
        EditorView.updateListener.of((update) => {
          if (update.docChanged || update.transactions.some((tr) => tr.effects.some((effect) => effect.is(recheck)))) options.onPending();
          if (update.docChanged) options.onChange?.(update.state.doc.toString());
        }),
        EditorView.contentAttributes.of({ 'aria-label': options.label, 'aria-multiline': 'true' }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    revalidate: () => view.dispatch({ effects: recheck.of(null) }),
  };
}

// Tints the whole line of each error, so the line stands out even where the range is short.
const errorLineHighlight = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = this.build(view);
    }
    update(update: ViewUpdate) {
      this.decorations = this.build(update.view);
    }
    build(view: EditorView): DecorationSet {
      if (diagnosticCount(view.state) === 0) return Decoration.none;
      const starts = new Set<number>();
      forEachDiagnostic(view.state, (diagnostic) => starts.add(view.state.doc.lineAt(diagnostic.from).from));
      return Decoration.set([...starts].sort((a, b) => a - b).map((from) => Decoration.line({ class: 'cm-line-error' }).range(from)));
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

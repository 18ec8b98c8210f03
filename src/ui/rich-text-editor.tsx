import { $generateDOMFromNodes, $generateNodesFromDOM } from '@lexical/html';
import {
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListItemNode,
  ListNode,
  REMOVE_LIST_COMMAND,
} from '@lexical/list';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $findMatchingParent } from '@lexical/utils';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isTextNode,
  FORMAT_TEXT_COMMAND,
  type LexicalEditor,
  type LexicalNode,
  type TextFormatType,
} from 'lexical';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { editorHtmlToStored } from '@/ui/rich-text-editor-html';
import { sanitizeHtml } from '@/ui/sanitized-html';

/** Props of {@link RichTextEditor}. */
export interface RichTextEditorProps {
  readonly label: string;
  /** Stored HTML ('' when empty). A value other than the last one emitted replaces the text. */
  readonly value: string;
  /** Sanitised HTML, '' for an empty editor; debounced 100 ms (spec 001 §9), flushed on blur. */
  readonly onValueChange: (html: string) => void;
  readonly disabled?: boolean;
  /** Validation message shown under the editor (spec wording). */
  readonly error?: string | undefined;
  readonly placeholder?: string;
  /** Extra attributes of the editable area (a grid cell's marker, so Enter reaches it). */
  readonly contentAttributes?: Readonly<Record<`data-${string}`, string>>;
  /** Keys of the editable area before the editor's (Escape to leave it, for instance). */
  readonly onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
}

/** Spec 001 §9: "100 ms rich text value". */
const valueDebounceMs = 100;

// Tailwind's preflight strips list and text styles: the theme puts them back in the editor.
const theme = {
  paragraph: 'my-0.5',
  list: { ol: 'ml-5 list-decimal', ul: 'ml-5 list-disc', listitem: 'my-0.5' },
  text: { bold: 'font-bold', italic: 'italic', underline: 'underline' },
};

/**
 * The situational-update editor (spec 001 §9 "Rich-text editor: bold, italic, underline, ordered
 * and bullet lists, clean; max height 150px") on Lexical. Ctrl/Cmd+B, I and U come with Lexical's
 * rich-text plugin; the toolbar buttons are reachable by Tab and keep the editor's selection.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { label, disabled = false } = props;
  const initialConfig: InitialConfigType = {
    namespace: 'ist-rich-text',
    theme,
    nodes: [ListNode, ListItemNode],
    editable: !disabled,
    onError: (error) => {
      throw error;
    },
    editorState: (editor) => $loadHtml(editor, props.value),
  };
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <EditorFrame {...props} label={label} />
    </LexicalComposer>
  );
}

function EditorFrame({
  label,
  value,
  onValueChange,
  disabled = false,
  error,
  placeholder,
  contentAttributes,
  onKeyDown,
}: RichTextEditorProps) {
  const [editor] = useLexicalComposerContext();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const emitted = useRef(value);
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onValueChangeRef = useRef(onValueChange);
  useEffect(() => {
    onValueChangeRef.current = onValueChange;
  }, [onValueChange]);

  useEffect(() => editor.setEditable(!disabled), [editor, disabled]);

  // A value from outside (a reset, another entry) replaces the document; our own echo does not.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.update(() => $loadHtml(editor, value));
  }, [editor, value]);

  useEffect(() => {
    const flush = () => {
      if (pending.current === undefined) return;
      clearTimeout(pending.current);
      pending.current = undefined;
      const html = editor.read(() => editorHtmlToStored(editorHtmlWithoutStyles(editor)));
      if (html === emitted.current) return;
      emitted.current = html;
      onValueChangeRef.current(html);
    };
    const removeUpdate = editor.registerUpdateListener(({ dirtyElements, dirtyLeaves }) => {
      if (dirtyElements.size === 0 && dirtyLeaves.size === 0) return; // selection only
      clearTimeout(pending.current);
      pending.current = setTimeout(flush, valueDebounceMs);
    });
    // A click on Save blurs the editor first: the last keystrokes are emitted before it acts.
    const removeRoot = editor.registerRootListener((root, previous) => {
      previous?.removeEventListener('blur', flush);
      root?.addEventListener('blur', flush);
    });
    return () => {
      removeUpdate();
      removeRoot();
      flush();
    };
  }, [editor]);

  return (
    <div className="flex flex-col gap-1">
      <span id={labelId} className="text-xs font-medium text-slate-700">
        {label}
      </span>
      <div
        className={`rounded border ${error === undefined ? 'border-slate-300' : 'border-red-500'} ${
          disabled ? 'bg-slate-100' : 'bg-white'
        }`}
      >
        <Toolbar editor={editor} disabled={disabled} label={label} />
        <div className="relative">
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                {...contentAttributes}
                onKeyDown={onKeyDown}
                className="h-[150px] overflow-y-auto px-2 py-1 text-sm text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:ring-inset"
                ariaLabelledBy={labelId}
                ariaInvalid={error !== undefined}
                ariaDescribedBy={error === undefined ? undefined : errorId}
                ariaMultiline
                {...(placeholder === undefined
                  ? {}
                  : {
                      'aria-placeholder': placeholder,
                      placeholder: (
                        <div className="pointer-events-none absolute top-1 left-2 text-sm text-slate-600">
                          {placeholder}
                        </div>
                      ),
                    })}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        <HistoryPlugin />
        <ListPlugin />
      </div>
      {error !== undefined && (
        <p id={errorId} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** Which formats the selection has, for the toolbar's pressed states. */
interface ActiveFormats {
  readonly bold: boolean;
  readonly italic: boolean;
  readonly underline: boolean;
  readonly list: 'bullet' | 'number' | undefined;
}

const noFormats: ActiveFormats = { bold: false, italic: false, underline: false, list: undefined };

function Toolbar({
  editor,
  disabled,
  label,
}: {
  editor: LexicalEditor;
  disabled: boolean;
  label: string;
}) {
  const [active, setActive] = useState<ActiveFormats>(noFormats);

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        setActive(editorState.read(readActiveFormats));
      }),
    [editor],
  );

  // From the keyboard the button has the focus: the editor takes it back (with its last
  // selection) so the command has a selection to act on.
  const format = (type: TextFormatType) => {
    editor.focus();
    editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);
  };
  const list = (kind: 'bullet' | 'number') => {
    editor.focus();
    if (active.list === kind) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else if (kind === 'bullet') editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined);
    else editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined);
  };
  const clean = () => {
    editor.focus();
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      for (const node of selection.getNodes()) if ($isTextNode(node)) node.setFormat(0);
      selection.setFormat(0);
    });
    editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
  };

  return (
    <div
      role="toolbar"
      aria-label={`${label} formatting`}
      className="flex gap-0.5 border-b border-slate-200 px-1 py-0.5"
    >
      <ToolButton
        title="Bold (Ctrl+B)"
        pressed={active.bold}
        disabled={disabled}
        onPress={() => format('bold')}
      >
        <span className="font-bold">B</span>
      </ToolButton>
      <ToolButton
        title="Italic (Ctrl+I)"
        pressed={active.italic}
        disabled={disabled}
        onPress={() => format('italic')}
      >
        <span className="font-serif italic">I</span>
      </ToolButton>
      <ToolButton
        title="Underline (Ctrl+U)"
        pressed={active.underline}
        disabled={disabled}
        onPress={() => format('underline')}
      >
        <span className="underline">U</span>
      </ToolButton>
      <ToolButton
        title="Ordered list"
        pressed={active.list === 'number'}
        disabled={disabled}
        onPress={() => list('number')}
      >
        <ListIcon ordered />
      </ToolButton>
      <ToolButton
        title="Bullet list"
        pressed={active.list === 'bullet'}
        disabled={disabled}
        onPress={() => list('bullet')}
      >
        <ListIcon ordered={false} />
      </ToolButton>
      <ToolButton title="Clean (remove formatting)" disabled={disabled} onPress={clean}>
        <span className="text-xs">Clean</span>
      </ToolButton>
    </div>
  );
}

function ToolButton({
  title,
  pressed,
  disabled,
  onPress,
  children,
}: {
  title: string;
  pressed?: boolean;
  disabled: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      title={title}
      aria-label={title}
      aria-pressed={pressed}
      disabled={disabled}
      // The mouse must not take focus (and the selection) away from the text being formatted.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPress}
      className={`inline-flex h-7 min-w-7 items-center justify-center rounded px-1.5 text-sm text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-300 ${
        pressed === true ? 'bg-slate-200' : ''
      }`}
    >
      {children}
    </button>
  );
}

function ListIcon({ ordered }: { ordered: boolean }) {
  return (
    <svg width={16} height={16} viewBox="0 0 16 16" aria-hidden fill="currentColor">
      {[3, 8, 13].map((y, index) => (
        <g key={y}>
          {ordered ? (
            <text x={0} y={y + 2.5} fontSize={5.5}>
              {index + 1}
            </text>
          ) : (
            <circle cx={2} cy={y} r={1.3} />
          )}
          <rect x={5} y={y - 0.7} width={10} height={1.4} />
        </g>
      ))}
    </svg>
  );
}

function readActiveFormats(): ActiveFormats {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return noFormats;
  const listNode = $findMatchingParent(selection.anchor.getNode(), (node: LexicalNode) =>
    $isListNode(node),
  );
  const listType = $isListNode(listNode) ? listNode.getListType() : undefined;
  return {
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    underline: selection.hasFormat('underline'),
    list: listType === 'bullet' || listType === 'number' ? listType : undefined,
  };
}

/**
 * The editor's HTML without inline styles. Lexical sets white-space and alignment through the
 * CSSOM (allowed); serialised, they become style attributes, and the sanitiser's parse of them
 * was refused and reported under the page's CSP (style-src 'self') each time the editor opened
 * or changed (issue 31). The stored HTML keeps no style anyway (spec 000 §5 allowlist), so
 * they are dropped from the DOM before it is serialised.
 */
function editorHtmlWithoutStyles(editor: LexicalEditor): string {
  const container = $generateDOMFromNodes(document.createElement('div'), null, editor);
  for (const styled of container.querySelectorAll('[style]')) styled.removeAttribute('style');
  return container.innerHTML;
}

/** Replaces the document with stored HTML, sanitised again on the way in (it may be old data). */
function $loadHtml(editor: LexicalEditor, html: string) {
  const root = $getRoot();
  root.clear();
  if (html !== '') {
    const dom = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html');
    let loose: ReturnType<typeof $createParagraphNode> | undefined;
    for (const node of $generateNodesFromDOM(editor, dom)) {
      // Text at the top level (plain-text descriptions) goes into a paragraph.
      if ($isElementNode(node) && !node.isInline()) {
        loose = undefined;
        root.append(node);
      } else {
        if (!loose) {
          loose = $createParagraphNode();
          root.append(loose);
        }
        loose.append(node);
      }
    }
  }
  if (root.getChildrenSize() === 0) root.append($createParagraphNode());
}

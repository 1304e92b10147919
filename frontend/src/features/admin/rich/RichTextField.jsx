import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../i18n/index.js';
import { TextArea } from '../fields.jsx';
import './editor.css';
import { fitsVisualEditor, isSafeImage, isSafeLink, previewHtml } from '../richText.js';

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4, 5, 6] },
    link: { openOnClick: false, autolink: true, isAllowedUri: (url) => isSafeLink(url) },
  }),
  // An uploaded picture keeps its WebP widths (srcset), as the BFF's sanitiser does.
  Image.extend({
    addAttributes() {
      return {
        ...this.parent?.(),
        srcset: { default: null },
        sizes: { default: null },
        loading: { default: null },
      };
    },
  }).configure({ inline: false }),
];

// The details are at most the page's width: a phone's whole width, 896 px on a desktop.
export const DETAIL_SIZES = '(min-width: 896px) 896px, 100vw';

function ToolButton({ active = false, label, onClick, children, disabled = false }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active}
      disabled={disabled}
      // The editor keeps its focus and selection: the mark applies where the caret is.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`min-w-8 rounded px-2 py-1 text-sm disabled:opacity-40 ${active ? 'bg-gray-900 text-white' : 'text-gray-700 hover:bg-gray-100'}`}
    >
      {children}
    </button>
  );
}

/** The toolbar's "upload a picture" button: the file goes to `upload`, its answer into the text. */
function UploadButton({ editor, upload }) {
  const t = useT();
  const input = useRef(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState(null);
  const send = async (file) => {
    setBusy(true);
    setProblem(null);
    try {
      const picture = await upload(file);
      editor
        .chain()
        .focus()
        .setImage({ src: picture.path, srcset: picture.srcset, sizes: DETAIL_SIZES, loading: 'lazy', alt: '' })
        .run();
    } catch (error) {
      setProblem(error?.data?.errors?.picture?.[0] || error?.message || t('admin.rich.uploadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <ToolButton label={t('admin.rich.upload')} disabled={busy} onClick={() => input.current?.click()}>
        {busy ? '…' : '⤒'}
      </ToolButton>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="details-upload"
        onChange={(e) => {
          const [file] = e.target.files;
          e.target.value = '';
          if (file) send(file);
        }}
      />
      {problem && (
        <span role="alert" className="self-center text-xs text-rose-600" data-testid="details-upload-error">
          {problem}
        </span>
      )}
    </>
  );
}

function Toolbar({ editor, upload }) {
  const t = useT();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const link = () => {
    if (state.link) {
      chain().unsetLink().run();
      return;
    }
    const url = window.prompt(t('admin.rich.linkPrompt'), 'https://');
    if (!url) return;
    if (!isSafeLink(url)) window.alert(t('admin.rich.linkInvalid'));
    else chain().extendMarkRange('link').setLink({ href: url.trim() }).run();
  };
  const image = () => {
    const url = window.prompt(t('admin.rich.imagePrompt'), 'https://');
    if (!url) return;
    if (!isSafeImage(url)) window.alert(t('admin.rich.imageInvalid'));
    else chain().setImage({ src: url.trim() }).run();
  };
  return (
    <div
      className="flex flex-wrap gap-0.5 border-b border-gray-200 p-1"
      role="toolbar"
      aria-label={t('admin.rich.toolbar')}
    >
      <ToolButton label={t('admin.rich.bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <strong>B</strong>
      </ToolButton>
      <ToolButton label={t('admin.rich.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <em>I</em>
      </ToolButton>
      <ToolButton
        label={t('admin.rich.underline')}
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      >
        <u>U</u>
      </ToolButton>
      <ToolButton label={t('admin.rich.strike')} active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <s>S</s>
      </ToolButton>
      <ToolButton
        label={t('admin.rich.h2')}
        active={state.h2}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H2
      </ToolButton>
      <ToolButton
        label={t('admin.rich.h3')}
        active={state.h3}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H3
      </ToolButton>
      <ToolButton
        label={t('admin.rich.bullets')}
        active={state.bullet}
        onClick={() => chain().toggleBulletList().run()}
      >
        •
      </ToolButton>
      <ToolButton
        label={t('admin.rich.numbers')}
        active={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      >
        1.
      </ToolButton>
      <ToolButton label={t('admin.rich.quote')} active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        ❝
      </ToolButton>
      <ToolButton label={t('admin.rich.link')} active={state.link} onClick={link}>
        🔗
      </ToolButton>
      <ToolButton label={t('admin.rich.image')} onClick={image}>
        🖼
      </ToolButton>
      {upload && <UploadButton editor={editor} upload={upload} />}
      <ToolButton label={t('admin.rich.undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        ↶
      </ToolButton>
      <ToolButton label={t('admin.rich.redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        ↷
      </ToolButton>
    </div>
  );
}

/** The visual editor: `value` is HTML; what it writes goes to onChange(name, html). */
function VisualEditor({ name, value, onChange, labelId, invalid, upload }) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value || '',
    // The console renders in the browser only; the server's shell never holds an editor.
    immediatelyRender: false,
    injectCSS: false,
    editorProps: {
      attributes: {
        class: 'rich-text min-h-[10rem] px-3 py-2 text-sm outline-none',
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        'data-testid': `${name}-editor`,
      },
    },
    onUpdate: ({ editor: e }) => onChange(name, e.isEmpty ? '' : e.getHTML()),
  });
  // A reload (or a save's answer) brings a new text: the editor takes it, unless it is what it holds.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value || '') !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);
  return (
    <div
      className={`rounded-md border bg-white focus-within:ring-2 focus-within:ring-rose-200 ${invalid ? 'border-rose-500' : 'border-gray-300'}`}
    >
      {editor && <Toolbar editor={editor} upload={upload} />}
      <EditorContent editor={editor} />
    </div>
  );
}

/** The HTML source, with a preview cleaned in the browser once typing pauses. */
function SourceEditor({ label, name, value, error, onChange }) {
  const t = useT();
  const [clean, setClean] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setClean(previewHtml(value)), 200);
    return () => clearTimeout(timer);
  }, [value]);
  return (
    <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <TextArea label={label} name={name} value={value} error={error} onChange={onChange} rows={12} />
      <div>
        <p className="mb-1 text-sm font-medium text-gray-700">{t('admin.field.preview')}</p>
        <div
          className="rich-text min-h-[7rem] rounded-md border border-dashed border-gray-300 bg-gray-50 p-3 text-sm"
          data-testid={`${name}-preview`}
          dangerouslySetInnerHTML={{ __html: clean }}
        />
      </div>
    </div>
  );
}

/**
 * Rich text (HTML): the visual editor (TipTap) or its HTML source. A text the visual editor would
 * lose part of (tables, sized pictures...) opens in the source. The BFF cleans what is saved.
 * `upload(file)`, when given, stores a picture (answering { path, srcset }) for the toolbar to place.
 */
export default function RichTextField({ label, name, value, error, onChange, className = '', upload = null }) {
  const t = useT();
  const labelId = useId();
  const [source, setSource] = useState(() => !fitsVisualEditor(value));
  const fits = fitsVisualEditor(value);
  return (
    <div className={className} data-testid={`rich-${name}`}>
      <div className="mb-1 flex flex-wrap items-center justify-between gap-2">
        <span id={labelId} className="text-sm font-medium text-gray-700">
          {label}
        </span>
        <button
          type="button"
          className="text-xs text-rose-600 hover:underline disabled:text-gray-400 disabled:no-underline"
          disabled={source && !fits}
          onClick={() => setSource((s) => !s)}
          data-testid={`${name}-mode`}
        >
          {source ? t('admin.rich.visual') : t('admin.rich.source')}
        </button>
      </div>
      {source ? (
        <SourceEditor label={t('admin.rich.sourceLabel')} name={name} value={value} error={error} onChange={onChange} />
      ) : (
        <VisualEditor
          name={name}
          value={value}
          onChange={onChange}
          labelId={labelId}
          invalid={Boolean(error)}
          upload={upload}
        />
      )}
      {source && !fits && <p className="mt-1 text-xs text-amber-700">{t('admin.rich.sourceOnly')}</p>}
      {!source && error && (
        <p className="mt-1 text-sm text-rose-600" data-testid={`error-${name}`}>
          {error}
        </p>
      )}
      <p className="mt-1 text-xs text-gray-500">{t('admin.hint.details')}</p>
    </div>
  );
}

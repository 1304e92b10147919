import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import Img, { NO_PICTURE } from './Img.jsx';

const SRCSET = '/media/products/a-320w.1.webp 320w, /media/products/a-640w.2.webp 640w';

describe('Img', () => {
  it('offers the WebP widths with the sizes it is shown at', () => {
    const html = renderToString(<Img src="/media/products/a.jpg" srcSet={SRCSET} sizes="50vw" alt="jar" />);
    expect(html).toContain(`srcSet="${SRCSET}"`);
    expect(html).toContain('sizes="50vw"');
    expect(html).toContain('src="/media/products/a.jpg"');
    expect(html).toContain('width="400" height="400"');
  });

  it('has no srcset for a picture without copies, nor for the placeholder', () => {
    expect(renderToString(<Img src="/media/products/a.jpg" srcSet={null} sizes="50vw" />)).not.toMatch(/srcSet|sizes/);
    const placeholder = renderToString(<Img src={null} srcSet={SRCSET} sizes="50vw" />);
    expect(placeholder).toContain(`src="${NO_PICTURE}"`);
    expect(placeholder).not.toMatch(/srcSet|sizes/);
  });

  it("fetches the page's largest picture at once and first (priority); others lazily", () => {
    const first = renderToString(<Img src="/media/b1.jpg" priority />);
    expect(first).toContain('loading="eager"');
    expect(first).toContain('fetchPriority="high"');
    const other = renderToString(<Img src="/media/b2.jpg" />);
    expect(other).toContain('loading="lazy"');
    expect(other).not.toContain('fetchPriority');
  });
});

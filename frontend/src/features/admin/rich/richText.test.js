import { describe, expect, it } from 'vitest';
import { defuseHandlers, fitsVisualEditor, isSafeImage, isSafeLink } from '../richText.js';

describe('the rich-text editor', () => {
  it('opens in the HTML source what the visual editor would lose part of', () => {
    expect(
      fitsVisualEditor('<h2>成分</h2><p><strong>蜂蜜</strong> <a href="/brand/1">品牌</a></p><ul><li>a</li></ul>'),
    ).toBe(true);
    expect(fitsVisualEditor('')).toBe(true);
    expect(fitsVisualEditor(null)).toBe(true);
    expect(fitsVisualEditor('<table><tr><td>1</td></tr></table>')).toBe(false);
    expect(fitsVisualEditor('<p><span>x</span></p>')).toBe(false);
    expect(fitsVisualEditor('<img src="/a.png" width="300">')).toBe(false);
    expect(fitsVisualEditor('<ol start="3"><li>c</li></ol>')).toBe(false);
    expect(fitsVisualEditor('<p>a division of labour</p>')).toBe(true);
  });

  it('takes only the links and pictures the BFF keeps', () => {
    expect(isSafeLink('https://example.com')).toBe(true);
    expect(isSafeLink(' /brand/3')).toBe(true);
    expect(isSafeLink('mailto:shop@example.com')).toBe(true);
    expect(isSafeLink('javascript:alert(1)')).toBe(false);
    expect(isSafeLink('//evil.example')).toBe(false);
    expect(isSafeImage('https://cdn.example/a.webp')).toBe(true);
    expect(isSafeImage('http://cdn.example/a.webp')).toBe(false);
    expect(isSafeImage('data:image/png;base64,AAAA')).toBe(false);
  });

  it('renames event handlers before the preview parses the text', () => {
    expect(defuseHandlers('<p onclick="x()">a</p><img/onerror=y() src="/a.png"><b title="t"onmouseover=z>b</b>')).toBe(
      '<p data-dropped-onclick="x()">a</p><img/data-dropped-onerror=y() src="/a.png"><b title="t"data-dropped-onmouseover=z>b</b>',
    );
    expect(defuseHandlers('<p>one = 1</p>')).toBe('<p>one = 1</p>');
    expect(defuseHandlers(null)).toBe('');
  });
});

"""Rich HTML (Product.product_details, Article.long_text) is sanitised on the way into the
database: a catalogue of XSS payloads leaves nothing dangerous in the API output, while
harmless formatting survives."""

import html
import re
from html.parser import HTMLParser

import pytest
from sqlalchemy import text

from bff.tests.helpers import SHOP_A

XSS_PAYLOADS = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
    "<ScRiPt>alert(document.cookie)</sCrIpT>",
    "<scr<script>ipt>alert(1)</scr</script>ipt>",
    "<script",
    "<img src=x onerror=alert(1)>",
    "<IMG SRC=x OnErRoR=alert(1)>",
    "<img src=x onerror=alert(1)",
    '<img src="https://ok.example/a.png" onload="alert(1)">',
    '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x">',
    '<img src="javascript:alert(1)">',
    '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    "<body onload=alert(1)>",
    '<div onmouseover="alert(1)">hover</div>',
    "<details open ontoggle=alert(1)>x</details>",
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="  javascript:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="https://ok.example" onclick="alert(1)" style="position:fixed">x</a>',
    "<svg onload=alert(1)><circle r=10 /></svg>",
    "<svg><script>alert(1)</script></svg>",
    '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
    '<IFRAME SRC="javascript:alert(1)">',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="https://evil.example/x.swf">',
    "<style>body{background:url(javascript:alert(1))}</style>",
    '<p style="background:url(javascript:alert(1))">styled</p>',
    '<table background="javascript:alert(1)"><tr><td>x</td></tr></table>',
    '<form action="javascript:alert(1)"><input type=submit>'
    '<button formaction="javascript:alert(1)">b</button></form>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<link rel=stylesheet href="https://evil.example/x.css">',
    '<base href="https://evil.example/">',
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    "<<script>script>alert(1)<</script>/script>",
    "<textarea><script>alert(1)</script></textarea>",
    "<!--<img src=x onerror=alert(1)>-->",
    '<p>ok</p><img src="x" onerror="alert(1)"',
]

# What may appear in the output: formatting tags, and attributes without behaviour.
SAFE_TAGS = {
    "a", "b", "blockquote", "br", "caption", "code", "div", "em", "figcaption", "figure",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "li", "ol", "p", "pre", "s",
    "small", "span", "strong", "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
    "tr", "u", "ul",
}  # fmt: skip
SAFE_ATTRIBUTES = {
    "href", "title", "rel", "src", "alt", "width", "height", "colspan", "rowspan", "scope", "start",
}  # fmt: skip
URL_ATTRIBUTES = {"href", "src"}
SAFE_SCHEMES = {"http", "https", "mailto"}


class _Collector(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements: list[tuple[str, dict]] = []
        self.comments: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    handle_startendtag = handle_starttag

    def handle_comment(self, data):
        self.comments.append(data)


def _parse(markup: str) -> _Collector:
    collector = _Collector()
    collector.feed(markup)
    collector.close()
    return collector


def _scheme(url: str) -> str | None:
    # Browsers drop whitespace and control characters inside a scheme.
    cleaned = re.sub(r"[\x00-\x20]", "", html.unescape(url)).lower()
    match = re.match(r"([a-z][a-z0-9+.-]*):", cleaned)
    return match.group(1) if match else None


def assert_safe(markup: str) -> None:
    assert not re.search(r"<\s*/?\s*(script|style|iframe|object|embed|svg|math)", markup, re.I), markup
    # An event handler inside a tag, even one left unclosed at the end.
    assert not re.search(r"<[^>]*\bon[a-z]+\s*=", markup, re.I), markup
    parsed = _parse(markup)
    assert not parsed.comments, markup
    for tag, attrs in parsed.elements:
        assert tag in SAFE_TAGS, (tag, markup)
        for name, value in attrs.items():
            assert name in SAFE_ATTRIBUTES, (tag, name, markup)
            if name in URL_ATTRIBUTES and value is not None:
                scheme = _scheme(value)
                assert scheme is None or scheme in SAFE_SCHEMES, (tag, name, value)


def _product_details(client, make_product, shop, payload: str) -> str:
    product = make_product(shop, product_details=payload)
    res = client.get(f"/api/product/{product.id}", headers=SHOP_A)
    assert res.status_code == 200
    return res.json["product"]["product_details"]


def _article_text(client, make_article, shop, payload: str) -> str:
    article = make_article(shop, long_text=payload)
    res = client.get(f"/api/article/{article.id}", headers=SHOP_A)
    assert res.status_code == 200
    return res.json["article"]["longText"]


def test_the_catalogue_holds_at_least_twenty_payloads():
    assert len(set(XSS_PAYLOADS)) >= 20


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_product_details_keep_nothing_dangerous(client, shop, make_product, payload):
    assert_safe(_product_details(client, make_product, shop, payload))


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_article_long_text_keeps_nothing_dangerous(client, shop, make_article, payload):
    assert_safe(_article_text(client, make_article, shop, payload))


def test_all_payloads_wrapped_in_harmless_markup_keep_nothing_dangerous(client, shop, make_product):
    payload = "<div><p>intro</p>" + "".join(XSS_PAYLOADS) + "<p>outro</p></div>"
    out = _product_details(client, make_product, shop, payload)
    assert_safe(out)
    assert "intro" in out


def test_details_changed_after_creation_are_sanitised_too(client, shop, make_product, session):
    product = make_product(shop, product_details="<p>fine</p>")
    product.product_details = '<p>fine</p><img src=x onerror="alert(1)"><script>alert(2)</script>'
    session.commit()
    out = client.get(f"/api/product/{product.id}", headers=SHOP_A).json["product"]["product_details"]
    assert_safe(out)
    assert "<p>fine</p>" in out


def test_article_text_changed_after_creation_is_sanitised_too(client, shop, make_article, session):
    article = make_article(shop, long_text="<p>fine</p>")
    article.long_text = '<a href="javascript:alert(1)">x</a>'
    session.commit()
    out = client.get(f"/api/article/{article.id}", headers=SHOP_A).json["article"]["longText"]
    assert_safe(out)


HARMLESS = (
    "<h2>Manuka</h2>"
    "<p>Pure <strong>UMF 10+</strong> honey, <em>raw</em>.</p>"
    "<ul><li>one</li><li>two</li></ul>"
    "<ol><li>first</li></ol>"
    "<table><thead><tr><th>Size</th></tr></thead><tbody><tr><td>250g</td></tr></tbody></table>"
    '<p><img src="https://cdn.example.com/a.png" alt="jar"></p>'
    '<p><a href="https://example.com/honey">more</a></p>'
)


def _assert_formatting_kept(out: str) -> None:
    assert "<h2>Manuka</h2>" in out
    assert "<strong>UMF 10+</strong>" in out
    assert "<em>raw</em>" in out
    assert "<ul><li>one</li><li>two</li></ul>" in out
    assert "<ol><li>first</li></ol>" in out
    assert "<th>Size</th>" in out and "<td>250g</td>" in out and "<table>" in out
    elements = _parse(out).elements
    imgs = [attrs for tag, attrs in elements if tag == "img"]
    assert imgs == [{"src": "https://cdn.example.com/a.png", "alt": "jar"}]
    links = [attrs for tag, attrs in elements if tag == "a"]
    assert len(links) == 1 and links[0]["href"] == "https://example.com/honey"
    assert "more</a>" in out


def test_harmless_formatting_survives_in_product_details(client, shop, make_product):
    out = _product_details(client, make_product, shop, HARMLESS)
    _assert_formatting_kept(out)
    assert_safe(out)


def test_harmless_formatting_survives_in_article_text(client, shop, make_article):
    out = _article_text(client, make_article, shop, HARMLESS)
    _assert_formatting_kept(out)
    assert_safe(out)


def test_chinese_text_and_entities_survive_sanitising(client, shop, make_product):
    out = _product_details(client, make_product, shop, "<p>新西兰 &amp; 蜂蜜 &lt;3</p>")
    assert out == "<p>新西兰 &amp; 蜂蜜 &lt;3</p>"


def test_the_checker_rejects_the_payloads_as_written():
    # Keeps the check above honest: unsanitised, nearly every payload is caught.
    caught = 0
    for payload in XSS_PAYLOADS:
        try:
            assert_safe(payload)
        except AssertionError:
            caught += 1
    assert caught >= len(XSS_PAYLOADS) - 2


# HTML that reaches the database by another road than the models (SQL, a bulk update(), an import)
# is cleaned on the way out: the answers' RichHtml field, not only the models' validators.
def _write_raw(session, table: str, column: str, row_id: int, payload: str) -> None:
    session.execute(
        text(f"UPDATE {table} SET {column} = :payload WHERE id = :id"), {"payload": payload, "id": row_id}
    )
    session.commit()
    session.expire_all()


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_product_details_written_with_raw_sql_leave_clean(client, shop, make_product, session, payload):
    product = make_product(shop, product_details="<p>fine</p>")
    _write_raw(session, "products", "product_details", product.id, payload)
    assert_safe(client.get(f"/api/product/{product.id}", headers=SHOP_A).json["product"]["product_details"])


@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_article_text_written_with_raw_sql_leaves_clean(client, shop, make_article, session, payload):
    article = make_article(shop, long_text="<p>fine</p>")
    _write_raw(session, "articles", "long_text", article.id, payload)
    assert_safe(client.get(f"/api/article/{article.id}", headers=SHOP_A).json["article"]["longText"])


def test_all_payloads_at_once_by_raw_sql_leave_clean_and_keep_the_harmless_text(
    client, shop, make_product, session
):
    product = make_product(shop, product_details="<p>fine</p>")
    _write_raw(session, "products", "product_details", product.id, "<p>intro</p>" + "".join(XSS_PAYLOADS))
    out = client.get(f"/api/product/{product.id}", headers=SHOP_A).json["product"]["product_details"]
    assert_safe(out)
    assert "<p>intro</p>" in out

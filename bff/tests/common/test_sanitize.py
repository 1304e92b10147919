"""Rich HTML (Product.product_details, Article.long_text) is sanitised on the way into the
database: a catalogue of XSS payloads leaves nothing dangerous in the API output, while
harmless formatting survives."""

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from sqlalchemy import text

from bff.tests.helpers import SHOP_A

# Shared with the browser test (e2e/xss.test.js), which renders each payload in Chromium.
XSS_PAYLOADS = json.loads((Path(__file__).parents[3] / "rules" / "xss_payloads.json").read_text())["payloads"]

# What may appear in the output: formatting tags, and attributes without behaviour.
SAFE_TAGS = {
    "a", "b", "blockquote", "br", "caption", "code", "div", "em", "figcaption", "figure",
    "h1", "h2", "h3", "h4", "h5", "h6", "hr", "i", "img", "li", "ol", "p", "pre", "s",
    "small", "span", "strong", "sub", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
    "tr", "u", "ul",
}  # fmt: skip
SAFE_ATTRIBUTES = {
    "href", "title", "rel", "src", "alt", "width", "height", "colspan", "rowspan", "scope", "start",
    "srcset", "sizes", "loading",
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


# A whole tag as a browser reads it: name, then attributes whose values may hold '>' or 'on…='.
_TAG = re.compile(
    r"""<(?:!--.*?--|/?[a-z][a-z0-9]*(?P<attrs>(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*/?)>""",
    re.I | re.S,
)
_ATTR_NAME = re.compile(r"""\s+([^\s"'>/=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?""")


def _raw_tags(markup: str) -> list[str]:
    """Every '<' in clean output starts a complete tag (text has '&lt;'): an unclosed or
    malformed one, e.g. a handler left open at the end, fails here."""
    tags = []
    for start in (m.start() for m in re.finditer("<", markup)):
        tag = _TAG.match(markup, start)
        assert tag, ("a '<' that starts no complete tag", markup[start : start + 80])
        tags.append(tag)
    return tags


def assert_safe(markup: str) -> None:
    assert not re.search(r"<\s*/?\s*(script|style|iframe|object|embed|svg|math)", markup, re.I), markup
    for tag in _raw_tags(markup):
        names = _ATTR_NAME.findall(tag.group("attrs") or "")
        assert not [n for n in names if n.lower().startswith("on")], (tag.group(0), markup)
    parsed = _parse(markup)
    assert not parsed.comments, markup
    for tag, attrs in parsed.elements:
        assert tag in SAFE_TAGS, (tag, markup)
        for name, value in attrs.items():
            assert name in SAFE_ATTRIBUTES, (tag, name, markup)
            if name in URL_ATTRIBUTES and value is not None:
                scheme = _scheme(value)
                assert scheme is None or scheme in SAFE_SCHEMES, (tag, name, value)
            if name == "srcset" and value is not None:
                # Every candidate a picture of this site or https (the page's CSP allows no other).
                for candidate in value.split(","):
                    url = candidate.split()[0]
                    assert url.startswith("https://") or (url.startswith("/") and url[1:2] not in "/\\"), (
                        value
                    )


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


def test_the_catalogue_holds_over_a_hundred_distinct_payloads():
    assert len(set(XSS_PAYLOADS)) == len(XSS_PAYLOADS) > 100


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


# Payloads that are harmless as written: escaped or URL-encoded text, and a plain link.
HARMLESS_AS_WRITTEN = {
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
    '<a href="//evil.example/x">protocol-relative</a>',
}


def test_the_checker_rejects_every_payload_as_written():
    # Keeps the check above honest: unsanitised, every payload but the harmless ones is caught.
    passed = set()
    for payload in XSS_PAYLOADS:
        try:
            assert_safe(payload)
        except AssertionError:
            continue
        passed.add(payload)
    assert passed == HARMLESS_AS_WRITTEN


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

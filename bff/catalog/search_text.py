"""Text analysis for product search: folding, Chinese word segmentation and pinyin.

A product's search document (a `ProductSearch` row) holds, per field, two strings:

- `*_text`: the folded text (NFKD, combining marks dropped, case-folded: `MĀNUKA` -> `manuka`),
  matched as a substring, so every Latin word keeps matching inside longer ones;
- `*_tokens`: space-separated tokens, matched by prefix (`LIKE '% term%'`): every suffix of each
  run of Chinese characters (so a word inside a longer name is the prefix of one of them), the
  pinyin of those suffixes (`niunai...`), and the initials of the name's words as jieba cuts
  them in search mode (`nn` for 牛奶); `all_tokens` adds the Latin words, which a term too short
  for PostgreSQL's trigram index matches by prefix there (`a2`).

A query is folded the same way; its words are cut by jieba where they hold Chinese. A product
matches when it matches every term; the SQL lives in `bff/catalog/search.py`.

jieba's dictionary takes a few seconds and some 60 MB to load, pypinyin's some 55 MB: both load
once per process, at first use (`warm_up()` does it early, in gunicorn's workers). Queries need
only jieba, and only for Chinese words; pypinyin is needed only where products are indexed.
"""

import logging
import re
import threading
import unicodedata

CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
PINYIN = re.compile(r"[a-z]+")
LATIN_WORD = re.compile(r"[a-z0-9]+")
# Below this length a substring cannot be looked up in PostgreSQL's trigram index: such a term
# matches the start of a Latin word there instead (`a2`, `nz`), from the word tokens.
SHORT_TERM = 3
# Longest query word matched through the token index; longer ones fall back to a substring match.
CJK_WINDOW = 12
PINYIN_WINDOW = 8  # syllables
MAX_TERMS = 10
MAX_TERM = 100

# Words jieba's dictionary lacks that shoppers type as one word (brands, product kinds), so that
# queries and initials cut where shoppers do: 麦卢卡 is `mlk`, not 麦 + 卢卡.
WORDS = (
    "麦卢卡",
    "康维他",
    "蜜纽康",
    "贺寿利",
    "高之源",
    "纯蕨",
    "奇维",
    "美利奴",
    "绵羊油",
    "羊胎素",
    "奇异果",
    "长相思",
    "黑皮诺",
    "青口贝",
    "蜂王浆",
    "鱼油",
    "润喉糖",
    "润唇膏",
    "羊毛被",
    "羊奶粉",
    "牛初乳",
)
# Readings pypinyin's phrase table gets wrong for the goods sold here.
PHRASES = {"长相思": [["cháng"], ["xiāng"], ["sī"]]}
# One-way variants of a query word: how shoppers commonly spell a name that the catalogue
# writes otherwise (`maluka` for 麦卢卡, mài lú kǎ, and for manuka).
VARIANTS = {"maluka": ("mailuka", "manuka")}

_lock = threading.RLock()
_jieba = None
_lazy_pinyin = None


def fold(text: str) -> str:
    """Compatibility-decomposed, without combining marks, case-folded: `Mānuka` -> `manuka`."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _tokenizer():
    global _jieba
    if _jieba is None:
        with _lock:
            if _jieba is None:
                import jieba

                jieba.setLogLevel(logging.WARNING)
                tokenizer = jieba.Tokenizer()
                tokenizer.initialize()
                for word in WORDS:
                    tokenizer.add_word(word)
                _jieba = tokenizer
    return _jieba


def _pinyin():
    global _lazy_pinyin
    if _lazy_pinyin is None:
        with _lock:
            if _lazy_pinyin is None:
                from pypinyin import Style, lazy_pinyin, load_phrases_dict

                load_phrases_dict(PHRASES)
                _lazy_pinyin = lambda text: lazy_pinyin(text, style=Style.NORMAL, errors="ignore")  # noqa: E731
    return _lazy_pinyin


def warm_up() -> None:
    """Load the dictionaries now rather than on the first search (gunicorn calls this)."""
    _tokenizer()
    _pinyin()


def _syllables(run: str) -> list[str]:
    """One pinyin syllable per character of a run of Chinese characters ('' where none)."""
    pinyin = _pinyin()
    syllables = pinyin(run)
    if len(syllables) != len(run):
        syllables = [(pinyin(c) or [""])[0] for c in run]
    return [s if PINYIN.fullmatch(s) else "" for s in syllables]


def _initials(word: str) -> str:
    return "".join(s[:1] for s in _syllables(word))


def _tokens(folded: str, initials: bool) -> list[str]:
    tokens: list[str] = []
    for run in CJK.findall(folded):
        syllables = _syllables(run)
        for i in range(len(run)):
            tokens.append(run[i : i + CJK_WINDOW])
            joined = "".join(syllables[i : i + PINYIN_WINDOW])
            if joined:
                tokens.append(joined)
        if initials and len(run) > 1:
            tokens.append(_initials(run))
    if initials:
        for word in _tokenizer().cut_for_search(folded):
            if len(word) > 1 and CJK.fullmatch(word):
                tokens.append(_initials(word))
    return list(dict.fromkeys(t for t in tokens if t))


def _joined(tokens: list[str]) -> str:
    return f" {' '.join(tokens)} " if tokens else ""


def _text(folded: str, squeezed: bool) -> str:
    words = folded.split()
    text = " ".join(words)
    # `manukahoney` finds `Manuka Honey`.
    return f"{text}\n{''.join(words)}" if squeezed and len(words) > 1 else text


def product_document(name: str, brand: str, description: str) -> dict[str, str]:
    """The columns of a product's `ProductSearch` row, from its name, brand name and description."""
    name, brand, description = fold(name or ""), fold(brand or ""), fold(description or "")
    name_tokens = _tokens(name, initials=True)
    brand_tokens = _tokens(brand, initials=True)
    body_tokens = _tokens(description, initials=False)
    words = LATIN_WORD.findall(f"{name} {brand} {description}")
    name_text, brand_text = _text(name, squeezed=True), _text(brand, squeezed=True)
    return {
        "name_text": name_text,
        "name_tokens": _joined(name_tokens),
        "brand_text": brand_text,
        "brand_tokens": _joined(brand_tokens),
        "all_text": "\n".join((name_text, brand_text, _text(description, squeezed=False))),
        # Plus the Latin words, which short terms match on PostgreSQL (SHORT_TERM).
        "all_tokens": _joined(list(dict.fromkeys(name_tokens + brand_tokens + body_tokens + words))),
    }


def query_terms(query: str) -> list[str]:
    """The terms a query must all match: its folded words, Chinese ones cut by jieba."""
    terms: list[str] = []
    # A NUL byte ends a pattern early in SQLite and is refused by PostgreSQL.
    for word in fold(query.replace("\x00", " ")).split()[:MAX_TERMS]:
        word = word[:MAX_TERM]
        if CJK.search(word):
            # Punctuation that jieba cuts off a Chinese word is not a term of its own.
            terms += [p for p in _tokenizer().cut(word) if any(c.isalnum() for c in p)]
        else:
            terms.append(word)
    return terms[:MAX_TERMS]


def is_chinese(term: str) -> bool:
    return CJK.fullmatch(term) is not None and len(term) <= CJK_WINDOW


def variants(term: str) -> tuple[str, ...]:
    return (term, *VARIANTS.get(term, ()))


def is_pinyin(term: str) -> bool:
    return PINYIN.fullmatch(term) is not None


def is_short_word(term: str) -> bool:
    """Too short for the trigram index, and letters and digits only (a word token's start)."""
    return len(term) < SHORT_TERM and LATIN_WORD.fullmatch(term) is not None

"""Exports a spreadsheet opens without running anything (CSV and formula injection).

OWASP's CSV injection guidance (https://owasp.org/www-community/attacks/CSV_Injection): a cell
that begins with `=`, `+`, `-`, `@`, a tab or a carriage return may be run as a formula, so such
a cell is prefixed with a single quote and every field is wrapped in double quotes. A spreadsheet
in a locale whose list separator is `;` (or one that splits on tabs) may cut a field into several
cells, so the same guard applies after each `,`, `;`, tab and line break inside a field, not only
at its start: the recipient name `x;=cmd|' /C calc'!A0;` is written `x;'=cmd|' /C calc'!A0;`.

XLSX files are written with openpyxl (https://openpyxl.readthedocs.io/en/stable/); a string that
openpyxl would store as a formula (its `data_type` "f") is stored as a text cell ("s") instead.
"""

import csv
import io
import re
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from decimal import Decimal

from openpyxl import Workbook

# Full-width forms too: some spreadsheet programs read them as the ASCII operators.
FORMULA_STARTS = "=+-@\t\r＝＋－＠"
_STARTS = "[" + re.escape(FORMULA_STARTS) + "]"
# A place where a spreadsheet might begin a new cell, then blanks and quotes it would drop; quotes
# already there count too, so that `restore` gives back exactly what `neutralise` was given.
_CELL_START = re.compile(r"(^|[,;\t\r\n])([ \"]*)(?='*" + _STARTS + ")")
_ADDED_QUOTE = re.compile(r"(^|[,;\t\r\n])([ \"]*)'(?='*" + _STARTS + ")")


def neutralise(value) -> str:
    """The text of `value` with a `'` before every part a spreadsheet could take as a formula."""
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.isoformat()
    return _CELL_START.sub(lambda m: f"{m.group(1)}{m.group(2)}'", str(value))


def restore(text: str) -> str:
    """What `neutralise` was given (an import reads back a file the export wrote)."""
    return _ADDED_QUOTE.sub(lambda m: f"{m.group(1)}{m.group(2)}", text)


def decode_text(data: bytes) -> str | None:
    """The text of an uploaded file: UTF-8 (a BOM allowed) or GB18030 (GBK's superset, what Excel
    and WPS save in China by default), else None."""
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return None


def csv_lines(header: Sequence[str], rows: Iterable[Sequence]) -> Iterator[str]:
    """A CSV file (UTF-8 with a BOM, every field quoted and neutralised), a line at a time."""
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL)

    def flush() -> str:
        value = out.getvalue()
        out.seek(0)
        out.truncate()
        return value

    writer.writerow([neutralise(h) for h in header])
    yield "\ufeff" + flush()  # the BOM lets spreadsheet programs read the Chinese text right
    for row in rows:
        writer.writerow([neutralise(v) for v in row])
        yield flush()


def xlsx_bytes(header: Sequence[str], rows: Iterable[Sequence], title: str = "Sheet1") -> bytes:
    """An XLSX workbook of one sheet: numbers as numbers, every other value a text cell."""
    book = Workbook()
    sheet = book.active
    sheet.title = title[:31]
    for r, row in enumerate([header, *rows], start=1):
        for c, value in enumerate(row, start=1):
            if isinstance(value, bool) or value is None:
                value = "" if value is None else str(value)
            if isinstance(value, int | Decimal | float):
                sheet.cell(row=r, column=c, value=value)
                continue
            cell = sheet.cell(
                row=r, column=c, value=value.isoformat() if isinstance(value, datetime) else str(value)
            )
            cell.data_type = "s"  # never "f": text that starts with "=" stays text
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column, validates

from bff.common.html import sanitize_html
from bff.common.models import ShopOwned, Timestamps, Versioned
from bff.extensions import db


class Article(ShopOwned, Timestamps, Versioned, db.Model):
    """A static content page linked from the footer (delivery terms, returns, ...)."""

    __tablename__ = "articles"

    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(String(255))
    long_text: Mapped[str] = mapped_column(Text, default="")  # sanitised HTML
    position: Mapped[int] = mapped_column(Integer, default=0)

    @validates("long_text")
    def _sanitize_long_text(self, _key, value):
        return sanitize_html(value)
